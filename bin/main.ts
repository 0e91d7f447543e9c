import { main as cli, type CliIo } from '../lib/cli/main.js';
import { useOperations } from '../lib/operations/in-use.js';
import { SUITE_FILES } from '../suites/index.js';
import { OPERATIONS } from '../suites/spec/operations.js';
import { apiOperationsOf } from '../suites/spec/api-operations.js';

/**
 * The composition root: the one module that knows both the harness (lib/) and the checks (suites/).
 * It hands the engine the spec's operation table and the command line the suite files; below it,
 * imports only point down.
 */
export function main(argv: string[], io?: CliIo): Promise<number> {
  useOperations(apiOperationsOf(OPERATIONS));
  return cli(argv, SUITE_FILES, io);
}
