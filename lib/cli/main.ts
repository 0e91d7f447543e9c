import { RunCannotStart } from '../config/run-cannot-start.js';
import type { CheckModule } from '../check/registry.js';
import { runRedactor } from '../redact/run-redactor.js';
import { parseMergeArgs, parseRunArgs, parseServeArgs } from './args.js';
import { mergeReports } from './merge.js';
import { cleanupCommand } from './cleanup.js';
import { diffCommand } from './diff-command.js';
import { initCommand } from './init.js';
import { verifyCertificateCommand } from './verify-certificate.js';
import { coverageCommand } from './coverage-command.js';
import { matrixCommand } from './matrix-command.js';
import { helpText } from './help.js';
import { runConformance } from './run/run-conformance.js';
import { suiteVersion } from '../config/suite-version.js';
import { listVariations, serve } from './serve.js';
import { printRules, printStatements } from './rules-command.js';
import { openApiDocument } from '../openapi/document.js';
import { operationsInUse } from '../operations/in-use.js';
import { consoleLines } from '../report/console.js';
import { ciInert } from '../report/inert.js';
import { SPEC_VERSION } from '../report/certificate.js';

/** Where the command line writes, and the folder it works in: the process's own unless a caller (a test) says. */
export interface CliIo {
  print: (line: string) => void;
  error: (line: string) => void;
  cwd?: string;
}

const STDIO: CliIo = {
  print: (line) => {
    process.stdout.write(line + '\n');
  },
  error: (line) => {
    process.stderr.write(line + '\n');
  },
};

/**
 * The command line: returns the exit status (0 conforms, 1 MUST-level deviation, 2 could not run).
 * `suites` are the check modules to load, passed in by the composition root (bin/main.ts), so nothing
 * under lib/ knows the suites.
 */
export async function main(argv: string[], suites: readonly CheckModule[], io: CliIo = STDIO): Promise<number> {
  // every line any command writes is inert in a CI log, whatever server text it holds: no `::`
  // workflow command at its start, no `##[` anywhere, no invisible character (each command escapes
  // its own text's control characters and line breaks: lib/report/inert.ts)
  const print = (text: string) => io.print(ciInert(text));
  const error = (text: string) => io.error(ciInert(text));
  try {
    const [command, ...rest] = argv;
    if (command === 'serve') {
      const a = parseServeArgs(rest);
      if (a.help) {
        print(helpText());
        return 0;
      }
      if (a.listVariations) {
        listVariations(print);
        return 0;
      }
      return await serve(a.port, a.reference, print);
    }
    if (command === 'merge') {
      const a = parseMergeArgs(rest);
      if (a.help) {
        print(helpText());
        return 0;
      }
      return await mergeReports(a, print);
    }
    if (command === 'cleanup') return await cleanupCommand(rest, print);
    if (command === 'diff') return diffCommand(rest, print);
    if (command === 'init') return await initCommand(rest, print, io.cwd ?? process.cwd());
    if (command === 'verify-certificate') return verifyCertificateCommand(rest, print);
    if (command === 'coverage') return await coverageCommand(rest, suites, print);
    if (command === 'matrix') return matrixCommand(rest, print);
    if (command === 'rules') {
      if (rest.includes('--statements')) await printStatements(suites, print);
      else await printRules(suites, print);
      return 0;
    }
    if (command === 'openapi') {
      print(JSON.stringify(openApiDocument(suiteVersion(), operationsInUse().all), null, 2));
      return 0;
    }
    const a = parseRunArgs(argv);
    if (a.help) {
      print(helpText());
      return 0;
    }
    if (a.version) {
      print(`public-records-api-conformance ${suiteVersion()} (Public Records API ${SPEC_VERSION})`);
      return 0;
    }
    return await runConformance(a, print, suites, io.cwd);
  } catch (err) {
    error(errorLine(err));
    return 2;
  }
}

/**
 * The one stderr line of a run that could not be made (exit 2). Whatever the error carries (a URL,
 * a server's answer) goes through the run's redactor, so no key reaches the console.
 */
export function errorLine(err: unknown): string {
  const redactor = runRedactor();
  // inert: a server's text in the message can neither start a line of its own nor send an escape
  if (err instanceof RunCannotStart) return consoleLines(redactor.text(`conformance: ${err.message}`)).join('\n');
  // Anything else is a bug of the suite, not a verdict on the server: say so, exit 2.
  return redactor.text(
    `conformance: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
  );
}
