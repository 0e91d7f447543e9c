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
 * The fixtures whose answers show no mistake of the user's (the required create fields and discovery
 * are notes; `taskToArchive`'s one mistake is found without a request): the writes do not wait for them.
 */
const SHOW_NO_MISTAKE: ReadonlyArray<(typeof FIXTURES)[number]> = [
  taskToArchiveFixture,
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
export async function checkFixtures(
  target: Target,
  redactor: Redactor,
  budget?: RequestBudget,
  probed: Promise<void> = Promise.resolve(),
): Promise<Preflight> {
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
  const gate = writeGate(
    probed,
    findings,
    FIXTURES.flatMap((f, i) => (SHOW_NO_MISTAKE.includes(f) ? [] : [i])),
  );
  // what a fixture's check made is archived as soon as it has ended, whatever else happened (the ledger
  // already lists it): beside the other fixtures' reads and the run's first checks, not a round trip
  // before them; the run-last checks judge once it is answered (lib/runner/late-phase.ts)
  const archives: Array<Promise<unknown>> = [];
  const sent = new Set<string>();
  const archive = () => {
    for (const e of records.pending())
      if (e.path !== null && !sent.has(e.path)) {
        sent.add(e.path);
        archives.push(api.delete(e.path, { auth: e.auth }));
      }
  };
  const started = FIXTURES.map((f, i) =>
    f({ api: gate.client(api, i), target, preflight }, findings[i]!).finally(() => {
      gate.done(i);
      archive();
    }),
  );
  // the kept records as they are before any check: the run compares them again at its end
  const [kept, ...done] = await Promise.allSettled([readKeptRecords(api, target.fixtures), ...started]);
  archive();
  const archived = Promise.allSettled(archives);
  // the run's stop first: it is why the rest did not finish
  const rejected = [kept, ...done].filter(
    (r): r is PromiseRejectedResult => r.status === 'rejected' && !(r.reason instanceof NotProven),
  );
  const failed = rejected.find((r) => r.reason instanceof RunStopped) ?? rejected[0];
  const mistakes = findings.flatMap((found) => found.mistakes);
  // a run that goes no further has its archives answered first
  if (failed !== undefined || mistakes.length > 0) await archived;
  if (failed === undefined && mistakes.length > 0) throw new RunCannotStart(mistakes.join('\n'), mistakes);
  if (failed) throw failed.reason;
  preflight.archives = archived;
  preflight.archiving = archives.map((a) => a.then(undefined, () => undefined));
  if (kept.status === 'fulfilled') preflight.kept = kept.value;
  preflight.checked.push(...findings.flatMap((found) => found.checked));
  preflight.notes = unfilledFieldNotes(preflight);
  const discovered = discoveredOf(preflight, target.fixtures.customObject?.apiName);
  if (discovered !== undefined) preflight.discovered = discovered;
  return preflight;
}

/** A write not sent: a read showed a mistake (or the probe failed), so the run goes no further. */
class NotProven extends Error {}

/**
 * The fixtures check's writes (the samples' upsert, the task's refused empty patch: each proves a fixture
 * no read can) go once the probe has taken every key and each fixture of `waitFor` is done reading (its
 * check ended, or waits here to write), and not at all when a read showed a mistake: a run that ends
 * with exit 2 on a mistake a read shows has written nothing. Its reads go at once, beside the probe's.
 */
function writeGate(probed: Promise<void>, findings: readonly Findings[], waitFor: readonly number[]) {
  const reading = new Set(waitFor);
  let allRead!: () => void;
  const read = new Promise<void>((resolve) => (allRead = resolve));
  const done = (i: number): void => {
    reading.delete(i);
    if (reading.size === 0) allRead();
  };
  if (reading.size === 0) allRead();
  const proven = probed.then(async () => {
    await read;
    return findings.every((found) => found.mistakes.length === 0);
  });
  // a probe that failed is said by the preflight; no write waits on it then
  proven.catch(() => undefined);
  return {
    done,
    /** fixture `i`'s client: a write says the fixture is done reading, then waits for the verdict */
    client(api: ApiClient, i: number): ApiClient {
      const gated = Object.create(api) as ApiClient;
      gated.send = async (method, path, o) => {
        if (method.toUpperCase() !== 'GET') {
          done(i);
          if (!(await proven)) throw new NotProven(`${method} ${path} not sent`);
        }
        return api.send(method, path, o);
      };
      return gated;
    },
  };
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
    // beside the probe, every check waits on it: the run's critical path (lib/cli/probe.ts)
    priority: Number.NEGATIVE_INFINITY,
    // the archive of what the samples' upsert made goes even after an interruption (Ctrl-C)
    exempt: (method, path) => records.isArchiveOfOwn(method, path),
    // a stopped run (an interruption, a server that stopped cooperating) still writes its reports
    refuse: (kind, message) => {
      if (kind === 'stopped') throw new RunStopped(message.replace(/^blocked: /, ''));
      throw new RunCannotStart(`the fixtures check could not finish: ${message.replace(/^blocked: /, '')}`);
    },
  });
}
