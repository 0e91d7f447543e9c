import path from 'node:path';
import { RunCannotStart } from '../config/run-cannot-start.js';
import { readJsonFile } from '../config/read-json-file.js';
import { coverageLines, coverageMap, type CoverageMap } from '../coverage/coverage-map.js';
import type { ConformanceReport } from '../report/conformance-json.js';
import type { Spec } from './spec.js';
import { checkCounts } from './rules-command.js';

/**
 * `npx conformance coverage [--json] [--report-dir DIR]`: the traceability map, from the catalogue
 * and the registry; with a report folder (relative to `cwd`), the run's outcome of each rule and the
 * contract it saw.
 */
export async function coverageCommand(
  argv: readonly string[],
  spec: Spec,
  print: (line: string) => void,
  cwd: string = process.cwd(),
): Promise<number> {
  let json = false;
  let dir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') json = true;
    else if (a === '--report-dir') dir = argv[++i];
    else if (a.startsWith('--report-dir=')) dir = a.slice('--report-dir='.length);
    else throw new RunCannotStart(`coverage: unknown argument ${a} (takes --json and --report-dir DIR)`);
  }
  // the folder as the user named it, read where they are (the caller's folder, in process too)
  const map = await coverageOf(spec, dir === undefined ? undefined : path.resolve(cwd, dir));
  if (json) print(JSON.stringify(map, null, 2));
  else for (const line of coverageLines(map)) print(line);
  return 0;
}

export async function coverageOf(spec: Spec, reportDir?: string, report?: ConformanceReport): Promise<CoverageMap> {
  const counts = await checkCounts(spec);
  const r =
    report ??
    (reportDir !== undefined
      ? (readJsonFile(
          path.join(reportDir, 'conformance.json'),
          path.join(reportDir, 'conformance.json'),
          'report',
          '--report-dir',
        ) as ConformanceReport)
      : undefined);
  return coverageMap({
    catalogue: spec.catalogue,
    endpoints: spec.operations.endpoints,
    checkCounts: counts,
    variations: (await spec.reference.variations()).map((v) => ({ id: v.id, quote: v.quote })),
    ...(r
      ? {
          run: {
            checks: r.checks,
            operations: (r.observed?.successStatuses ?? []).map((s) => s.endpoint),
            errorCodes: (r.observed?.errorCodes ?? []).map((e) => e.code),
          },
        }
      : {}),
  });
}
