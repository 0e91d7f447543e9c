import path from 'node:path';
import { RunCannotStart } from '../../config/run-cannot-start.js';
import { checkHar, checkLedger, checkReportDir } from '../../config/checks.js';
import { readExamples } from '../../check/examples-file.js';
import type { RunTarget } from '../../check/run-target.js';
import type { TargetKeys } from '../../target/target.js';
import { RecordChanges } from '../../safety/record-changes.js';
import { redactorFor } from '../../redact/redactor-for.js';
import { useRunRedactor } from '../../redact/run-redactor.js';
import type { Redactor } from '../../redact/redact.js';
import { newRunId } from '../run-id.js';
import { rerunTarget } from '../rerun-target.js';
import type { Configured } from './config.js';
import { pacing, type Pacing } from './pacing.js';
import type { Teardown } from './teardown.js';

/** The run once its target is known: the server, its keys and fixtures, and how the run sends to it. */
export interface Connected extends Configured, Pacing {
  target: RunTarget;
  redactor: Redactor;
}

/**
 * Phase 2, target: every output known writable before the first request (a run is not lost at its
 * end), then the server: the embedded reference (started here, closed by the teardown) or the one
 * configured, with its keys; the redactor of its keys; and the run's one pace toward it.
 */
export async function startTarget(run: Configured, teardown: Teardown): Promise<Connected> {
  const common = commonTarget(run);
  checkReportDir(run.config.reportDir);
  if (run.config.har !== undefined) checkHar(run.config.har);
  checkLedger(common.ledgerFile);
  const target = await serverOf(run, common, teardown);
  target.rerun = rerunTarget(run.config, run.args, target, run.cwd);
  const redactor = redactorFor(target.keys);
  useRunRedactor(redactor);
  run.phases.end('referenceStartMs');
  return { ...run, target, redactor, ...pacing(run, target, teardown) };
}

type Common = Omit<RunTarget, 'baseUrl' | 'keys' | 'fixtures' | 'embedded'> & { ledgerFile: string };

/** What a run's target holds whichever server it is: its id, seed, limits, selection and files. */
function commonTarget({ config, startedAt, spec }: Configured): Common {
  return {
    operations: spec.operations,
    catalogue: spec.catalogue,
    judges: spec.judges,
    fixturesFile: spec.fixtures,
    runId: newRunId(startedAt),
    seed: config.seed,
    timeoutMs: config.timeoutMs,
    maxWaitMs: config.maxWaitMs,
    deadlineMs: config.deadlineMs,
    maxResponseBytes: config.maxResponseBytes,
    selection: config.selection,
    readOnly: config.readOnly,
    concurrency: config.concurrency,
    cases: config.cases,
    ...(config.maxRequests !== undefined ? { maxRequests: config.maxRequests } : {}),
    // the cleanup ledger: the run appends each created record as it is created (lib/safety/)
    ledgerFile: path.join(config.reportDir, 'ledger.jsonl'),
    recordChanges: new RecordChanges(),
    keepFailing: config.keepFailing,
    allowHosts: config.allowHosts,
    givenUpUsed: new Set<string>(),
    ...(config.examples !== undefined ? { examples: readExamples(config.examples, config.examples) } : {}),
  };
}

/** The embedded reference server when no base URL is given, else the configured server and its keys. */
async function serverOf(run: Configured, common: Common, teardown: Teardown): Promise<RunTarget> {
  const { config, print } = run;
  if (config.baseUrl === undefined) {
    const reference = await run.spec.reference.start(run.args.reference);
    teardown.add(() => reference.close());
    print(`target: embedded reference server at ${reference.baseUrl}`);
    return {
      ...common,
      baseUrl: reference.baseUrl,
      keys: reference.keys,
      fixtures: reference.fixtures,
      embedded: true,
    };
  }
  if (config.apiKey === undefined)
    throw new RunCannotStart('no API key: pass --api-key or set CONFORMANCE_API_KEY (the key of organization A).');
  const keys: TargetKeys = { apiKey: config.apiKey };
  if (config.otherOrgApiKey !== undefined) keys.otherOrgApiKey = config.otherOrgApiKey;
  if (config.readOnlyApiKey !== undefined) keys.readOnlyApiKey = config.readOnlyApiKey;
  print(`target: ${config.baseUrl}`);
  return { ...common, baseUrl: config.baseUrl, keys, fixtures: config.fixtures, embedded: false };
}
