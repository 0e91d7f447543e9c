import { ApiClient } from '../../lib/http/client.js';
import type { RunTarget } from '../../lib/check/run-target.js';
import { pathUnderBase, type Exchange } from '../../lib/http/exchange.js';
import { serverSettings } from '../../lib/http/client-settings.js';
import type { RequestBudget } from '../../lib/http/request-budget.js';
import type { Redactor } from '../../lib/redact/redact.js';
import { RunCannotStart } from '../../lib/config/run-cannot-start.js';
import { RunStopped } from '../../lib/http/run-stopped.js';
import { CreatedRecords } from '../../lib/safety/tracker.js';
import type { Target } from '../../lib/target/target.js';
import type { Preflight } from '../../lib/check/preflight.js';
import { FIXTURES_CHECK } from '../../lib/check/shown-by.js';
import { readKeptRecords } from './kept-audit.js';
import { findingsOf, type Findings, type FixtureCheck } from './fixture-findings.js';
import {
  domainsFixture,
  manyEdgesFixture,
  meetingFixture,
  noteFixture,
  phoneContactFixture,
  taskFixture,
  taskToArchiveFixture,
} from './fixture-reads.js';
import { customObjectFixture } from './custom-object-sample.js';
import { requiredCreateFixtures, unfilledFieldNotes } from './required-create-fields.js';
import { discoveredOf, discoveryReads } from './discovered.js';

/**
 * Each fixture's check, reported in this order. The fixtures are independent of one another: their
 * reads go out at once (a round trip each, not one after another).
 */
const FIXTURES: ReadonlyArray<(c: FixtureCheck, found: Findings) => Promise<void>> = [
  noteFixture,
  meetingFixture,
  phoneContactFixture,
  taskFixture,
  taskToArchiveFixture,
  domainsFixture,
  manyEdgesFixture,
  customObjectFixture,
  requiredCreateFixtures,
  discoveryReads,
];

/**
 * Before any check: is each record the fixtures name one the server has? A fixture the server does
 * not know is the user's mistake, not a deviation, so it ends the run (exit 2) with one line per
 * mistake naming the key, the server's answer and the fix. Any other answer (5xx, a wrong shape)
 * goes on to the checks, which report it. The custom object's samples are upserted once, as given,
 * so the checks know which sample attributes the server types as free text.
 *
 * Like the probe, these requests are not counted by --max-requests; a record made here is archived
 * here, and written to the cleanup ledger first.
 */
export async function checkFixtures(target: Target, redactor: Redactor, budget?: RequestBudget): Promise<Preflight> {
  const preflight: Preflight = { checked: [], requests: 0, reads: {} };
  const records = new CreatedRecords({
    runId: target.runId,
    operations: target.operations,
    rule: 'fixtures check',
    ...(target.ledgerFile !== undefined ? { ledgerFile: target.ledgerFile } : {}),
    warn: () => undefined,
    fixtures: target.fixtures,
  });
  const api = oneReadInFlight(fixturesClient(target, redactor, budget, records, preflight));
  const findings = FIXTURES.map(() => findingsOf(target.baseUrl));
  // the samples' upsert asks first: its archive then goes out with the second round of reads, not after it
  const order = [FIXTURES.indexOf(customObjectFixture), ...FIXTURES.keys()].filter(
    (i, at, all) => all.indexOf(i) === at,
  );
  // what a fixture's check made is archived as soon as it has ended, whatever else happened (the ledger
  // already lists it): beside the other fixtures' reads, not a round trip after them all
  const archives: Array<Promise<unknown>> = [];
  const sent = new Set<string>();
  const archive = () => {
    for (const e of records.pending())
      if (e.path !== null && !sent.has(e.path)) {
        sent.add(e.path);
        archives.push(api.delete(e.path, { auth: e.auth }));
      }
  };
  const started = new Array<Promise<void>>(FIXTURES.length);
  for (const i of order) started[i] = FIXTURES[i]!({ api, target, preflight }, findings[i]!).finally(archive);
  // the kept records as they are before any check: the run compares them again at its end
  const [kept, ...done] = await Promise.allSettled([readKeptRecords(api, target.fixtures), ...started]);
  archive();
  await Promise.allSettled(archives);
  // the run's stop first: it is why the rest did not finish
  const rejected = [kept, ...done].filter((r) => r.status === 'rejected');
  const failed = rejected.find((r) => r.reason instanceof RunStopped) ?? rejected[0];
  if (failed) throw failed.reason;
  if (kept.status === 'fulfilled') preflight.kept = kept.value;
  preflight.checked.push(...findings.flatMap((found) => found.checked));
  const mistakes = findings.flatMap((found) => found.mistakes);
  if (mistakes.length > 0) throw new RunCannotStart(mistakes.join('\n'), mistakes);
  preflight.notes = unfilledFieldNotes(preflight);
  const discovered = discoveredOf(preflight, target.fixtures.customObject?.apiName);
  if (discovered !== undefined) preflight.discovered = discovered;
  return preflight;
}

/**
 * The client, with a read sent while the same read (path, query and key) is in flight answered by that
 * one: the kept records' read and the fixtures' own reads name the same records at the same moment.
 * Only while in flight: a read after a write (the task's refused patch) is sent again.
 */
function oneReadInFlight(api: ApiClient): ApiClient {
  const inFlight = new Map<string, Promise<Exchange>>();
  const get = api.get.bind(api);
  api.get = (path, o) => {
    const key = JSON.stringify([path, o]);
    let read = inFlight.get(key);
    if (read === undefined) {
      read = get(path, o).finally(() => inFlight.delete(key));
      inFlight.set(key, read);
    }
    return read;
  };
  return api;
}

/** The fixtures check's client: counted apart, its creates in the ledger, a stopped run still reporting. */
function fixturesClient(
  target: Target,
  redactor: Redactor,
  budget: RequestBudget | undefined,
  records: CreatedRecords,
  preflight: Preflight,
): ApiClient {
  return new ApiClient({
    ...serverSettings(target, redactor),
    onExchange: (ex, req) => {
      preflight.requests += 1;
      records.observe(ex, req.path, req.auth);
      // the run's observer judges every answer, these first (lib/check/answer-observer.ts); what one shows
      // wrong names the fixtures check, which a rerun makes again
      const answers = (target as RunTarget).answers;
      answers?.sentBy?.(ex, FIXTURES_CHECK);
      answers?.see(ex);
      // an answered read with organization A's key: the checks of the same read judge this answer
      if (ex.request.method === 'GET' && ex.response !== undefined && req.auth === 'apiKey' && preflight.reads)
        preflight.reads[`${pathUnderBase(ex, target.baseUrl)}${new URL(ex.request.url).search}`] = {
          ex,
          sentAt: Date.now() - ex.ms,
        };
    },
    ...(budget ? { budget } : {}),
    // the archive of what the samples' upsert made goes even after an interruption (Ctrl-C)
    exempt: (method, path) => records.isArchiveOfOwn(method, path),
    // a stopped run (an interruption, a server that stopped cooperating) still writes its reports
    refuse: (kind, message) => {
      if (kind === 'stopped') throw new RunStopped(message.replace(/^blocked: /, ''));
      throw new RunCannotStart(`the fixtures check could not finish: ${message.replace(/^blocked: /, '')}`);
    },
  });
}
