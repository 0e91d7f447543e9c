import { main as cli, type CliIo } from '../lib/cli/main.js';
import { SUITE_FILES } from '../suites/index.js';

/**
 * The composition root: the one module that knows both the harness (lib/) and the checks (suites/).
 * It hands the suite files to the command line; below it, imports only point down.
 */
export function main(argv: string[], io?: CliIo): Promise<number> {
  return cli(argv, SUITE_FILES, io);
}
