import { RunCannotStart } from '../config/run-cannot-start.js';
import type { Spec } from './spec.js';
import { runRedactor } from '../redact/run-redactor.js';
import { parseMergeArgs, parseRunArgs, parseServeArgs } from './args.js';
import { mergeReports } from './merge.js';
import { cleanupCommand } from './cleanup.js';
import { diffCommand } from './diff-command.js';
import { verifyCertificateCommand } from './verify-certificate.js';
import { coverageCommand } from './coverage-command.js';
import { matrixCommand } from './matrix-command.js';
import { helpText } from './help.js';
import { runConformance } from './run/run-conformance.js';
import { suiteVersion } from '../config/suite-version.js';
import { listVariations, serve } from './serve.js';
import { printRules, printStatements } from './rules-command.js';
import { consoleLines } from '../report/console.js';
import { ciInert } from '../report/inert.js';

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
 * `spec` is the API under test (its suites, catalogue, operations, reference…), handed in by the
 * composition root (bin/main.ts), so nothing under lib/ knows the spec: each command hands down what
 * it reads of it.
 */
export async function main(argv: string[], spec: Spec, io: CliIo = STDIO): Promise<number> {
  // every line any command writes is inert in a CI log, whatever server text it holds: no `::`
  // workflow command at its start, no `##[` anywhere, no invisible character (each command escapes
  // its own text's control characters and line breaks: lib/report/inert.ts)
  const print = (text: string) => io.print(ciInert(text));
  const error = (text: string) => io.error(ciInert(text));
  try {
    const [command, ...rest] = argv;
    const cwd = io.cwd ?? process.cwd();
    const other = command === undefined ? undefined : otherCommand(command, rest, spec, print, cwd);
    if (other !== undefined) return await other;
    const a = parseRunArgs(argv);
    if (a.help) {
      print(helpText());
      return 0;
    }
    if (a.version) {
      print(`public-records-api-conformance ${suiteVersion()} (${spec.title})`);
      return 0;
    }
    return await runConformance(a, print, spec, cwd);
  } catch (err) {
    error(errorLine(err));
    return 2;
  }
}

/**
 * A command other than a run (`serve`, `merge`, `init`, …), or undefined for a run. Each reads and
 * writes its relative paths (and .env) against `cwd`, the caller's folder: in process (a test's
 * runCliInProcess) as in a process of its own.
 */
function otherCommand(
  command: string,
  rest: string[],
  spec: Spec,
  print: (line: string) => void,
  cwd: string,
): Promise<number> | number | undefined {
  switch (command) {
    case 'serve': {
      const a = parseServeArgs(rest);
      if (a.help) return printed(print, helpText());
      if (a.listVariations) return listVariations(spec, print).then(() => 0);
      return serve(spec, a.port, a.reference, print);
    }
    case 'merge': {
      const a = parseMergeArgs(rest);
      return a.help ? printed(print, helpText()) : mergeReports(a, print, spec, cwd);
    }
    case 'cleanup':
      return cleanupCommand(rest, print, spec, cwd);
    case 'diff':
      return diffCommand(rest, print, cwd);
    case 'init':
      return spec.init(rest, print, cwd);
    case 'verify-certificate':
      return verifyCertificateCommand(rest, print, spec.catalogue, cwd);
    case 'coverage':
      return coverageCommand(rest, spec, print, cwd);
    case 'matrix':
      return matrixCommand(rest, print, spec.catalogue, cwd);
    case 'rules':
      return (rest.includes('--statements') ? printStatements : printRules)(spec, print).then(() => 0);
    case 'openapi':
      return spec.openApiDocument(suiteVersion()).then((doc) => printed(print, JSON.stringify(doc, null, 2)));
    default:
      return undefined;
  }
}

function printed(print: (line: string) => void, text: string): number {
  print(text);
  return 0;
}

/**
 * The one stderr line of a run that could not be made (exit 2). Whatever the error carries (a URL,
 * a server's answer) goes through the run's redactor, so no key reaches the console.
 */
export function errorLine(err: unknown): string {
  const redactor = runRedactor();
  // inert: a server's text in the message can neither start a line of its own nor send an escape
  if (err instanceof RunCannotStart) {
    const own = err.lines ?? [err.message];
    return own.flatMap((l, i) => consoleLines(redactor.text(i === 0 ? `conformance: ${l}` : `    ${l}`))).join('\n');
  }
  // Anything else is a bug of the suite, not a verdict on the server: say so, exit 2.
  return redactor.text(
    `conformance: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
  );
}
