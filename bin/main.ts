import { main as cli, type CliIo } from '../lib/cli/main.js';
import { PUBLIC_RECORDS_API } from './public-records-api.js';

/**
 * The composition root: the one place that knows both the engine (lib/) and the spec's knowledge
 * (suites/, fixtures/, reference/). It hands the engine the Public Records API v2 and runs the command
 * line; below it, imports only point down.
 */
export function main(argv: string[], io?: CliIo): Promise<number> {
  return cli(argv, PUBLIC_RECORDS_API, io);
}
