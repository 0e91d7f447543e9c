import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import { environment, resolveConfig } from '../config/resolve.js';
import { RunCannotStart } from '../config/run-cannot-start.js';
import { redactorFor } from '../evidence/redactor-for.js';
import { ConformanceReporter } from '../report/reporter.js';
import { conformanceReport, writeReportFile } from '../report/conformance-json.js';
import { summarise } from '../report/check-result.js';
import { observedContract } from '../report/observed.js';
import { printOutcome } from '../report/console.js';
import type { Target, TargetKeys } from '../target/target.js';
import { startReferenceServer, type RunningReference } from '../../reference/index.js';
import type { RunArgs } from './args.js';
import { probe } from './probe.js';
import { newRunId } from './run-id.js';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export function suiteVersion(): string {
  return (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** `npx conformance`: resolve the target, probe it, run the checks, write the report. Returns the exit status. */
export async function runConformance(args: RunArgs, print: (line: string) => void, cwd: string = process.cwd()): Promise<number> {
  const startedAt = new Date();
  const config = resolveConfig(args.settings, environment(cwd), cwd);
  for (const w of config.warnings) print(`warning: unknown fixtures key ${w} (a typo?); it is ignored`);

  let reference: RunningReference | undefined;
  try {
    let target: Target;
    const common = {
      runId: newRunId(startedAt), seed: config.seed, timeoutMs: config.timeoutMs, maxRateLimitRetries: 5,
      selection: config.selection, readOnly: config.readOnly, concurrency: config.concurrency,
      ...(config.maxRequests !== undefined ? { maxRequests: config.maxRequests } : {}),
    };
    if (config.baseUrl === undefined) {
      reference = await startReferenceServer(args.reference);
      target = { ...common, baseUrl: reference.baseUrl, keys: reference.keys, fixtures: reference.fixtures, embedded: true };
      print(`target: embedded reference server at ${reference.baseUrl}`);
    } else {
      if (config.apiKey === undefined) throw new RunCannotStart('no API key: pass --api-key or set CONFORMANCE_API_KEY (the key of organization A).');
      const keys: TargetKeys = { apiKey: config.apiKey };
      if (config.otherOrgApiKey !== undefined) keys.otherOrgApiKey = config.otherOrgApiKey;
      if (config.readOnlyApiKey !== undefined) keys.readOnlyApiKey = config.readOnlyApiKey;
      target = { ...common, baseUrl: config.baseUrl, keys, fixtures: config.fixtures, embedded: false };
      print(`target: ${config.baseUrl}`);
    }
    const redactor = redactorFor(target.keys);
    await probe(target.baseUrl, target.keys, target.timeoutMs, redactor);
    print(`run ${target.runId} · seed ${target.seed}`);

    const reporter = new ConformanceReporter(redactor, print);
    const vitest = await startVitest('test', [], {
      config: false,
      root: PACKAGE_ROOT,
      dir: path.join(PACKAGE_ROOT, 'suites'),
      include: ['**/*.test.ts'],
      watch: false,
      // The suite files share no state worth isolating (each check builds its own context), and
      // re-importing every module per file costs about two thirds of a run's CPU.
      isolate: false,
      reporters: [reporter],
      provide: { target },
      // checks are independent: run them concurrently within a file, bounded
      sequence: { concurrent: true },
      maxConcurrency: 8,
      testTimeout: 180_000,
      passWithNoTests: false,
    }, { logLevel: 'silent', cacheDir: path.join(PACKAGE_ROOT, 'node_modules', '.vite-conformance') });
    await vitest.close();
    if (reporter.runnerErrors.length > 0) {
      throw new RunCannotStart(`the suite itself failed (a bug in the suite, not the server): ${reporter.runnerErrors.join(' | ')}`);
    }

    const report = conformanceReport(reporter.results, {
      runId: target.runId, target: target.baseUrl, embedded: target.embedded, seed: target.seed,
      startedAt: startedAt.toISOString(), durationMs: Date.now() - startedAt.getTime(), suiteVersion: suiteVersion(),
    }, observedContract(reporter.traffic));
    const file = writeReportFile(config.reportDir, 'conformance.json', JSON.stringify(report, null, 2) + '\n', redactor);
    printOutcome(reporter.results, print);
    print(`report: ${path.relative(cwd, file) || file}`);
    return summarise(reporter.results).mustFailed > 0 ? 1 : 0;
  } finally {
    await reference?.close();
  }
}
