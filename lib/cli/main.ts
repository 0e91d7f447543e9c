import { RunCannotStart } from '../config/run-cannot-start.js';
import { parseRunArgs, parseServeArgs } from './args.js';
import { helpText } from './help.js';
import { runConformance, suiteVersion } from './run.js';
import { serve } from './serve.js';
import { printRules } from './rules-command.js';

const print = (line: string) => { process.stdout.write(line + '\n'); };

/** The command line: returns the exit status (0 conforms, 1 MUST-level deviation, 2 could not run). */
export async function main(argv: string[]): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (command === 'serve') {
      const a = parseServeArgs(rest);
      if (a.help) { print(helpText()); return 0; }
      return await serve(a.port, a.reference, print);
    }
    if (command === 'rules') {
      printRules(print);
      return 0;
    }
    const a = parseRunArgs(argv);
    if (a.help) { print(helpText()); return 0; }
    if (a.version) { print(suiteVersion()); return 0; }
    return await runConformance(a, print);
  } catch (err) {
    if (err instanceof RunCannotStart) {
      process.stderr.write(`conformance: ${err.message}\n`);
      return 2;
    }
    // Anything else is a bug of the suite, not a verdict on the server: say so, exit 2.
    process.stderr.write(`conformance: internal error: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    return 2;
  }
}
