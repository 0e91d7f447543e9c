import path from 'node:path';
import { environment, resolveConfig } from '../config/resolve.js';
import { RunCannotStart } from '../config/run-cannot-start.js';
import { readSigningKey } from '../certificate/keys.js';
import { RunSetups } from '../runner/run-setups.js';
import { keptExchange, preflightReads, trafficOf } from '../runner/traffic.js';
import { readExamples } from '../check/examples-file.js';
import { coverageOf } from './coverage-command.js';
import { checkHar, checkLedger, checkReportDir } from '../config/checks.js';
import { Interruption, SIGNAL_EXIT } from './interrupt.js';
import type { CheckRun } from '../runner/check-run.js';
import type { CheckDefinition } from '../check/registry.js';
import { redactorFor } from '../redact/redactor-for.js';
import { ConformanceReporter } from '../report/reporter.js';
import { conformanceReport, trafficCounts, writeReportFile } from '../report/conformance-json.js';
import { harOf } from '../report/har.js';
import { writeReports } from '../report/write-all.js';
import { runRedactor, useRunRedactor } from '../redact/run-redactor.js';
import { colourWanted, githubRunUrl, githubStepSummary, isCi } from '../config/ci-env.js';
import { isCreated, leftovers, pendingArchives, readLedger } from '../safety/ledger.js';
import { observedContract } from '../report/observed.js';
import { consoleLines, liveLine, painted, printOutcome } from '../report/console.js';
import type { TargetKeys } from '../target/target.js';
import type { RunTarget } from '../check/run-target.js';
import { startReferenceServer, type RunningReference } from '../../reference/index.js';
import type { RunArgs } from './args.js';
import { probe } from './probe.js';
import { checkFixtures } from '../preflight/fixtures-check.js';
import { newRunId } from './run-id.js';
import { rerunTarget } from './rerun-target.js';
import { assertOnlyMatches, listChecks } from './list.js';
import { loadChecks, SuiteLoadError, type CheckModule } from '../check/registry.js';
import { runChecks } from '../runner/run-checks.js';
import { findingResults } from '../runner/finding-results.js';
import { Phases } from '../runner/phases.js';
import { RequestBudget } from '../http/request-budget.js';
import { prepareGate, settleGate } from '../baseline/gate.js';
import { selectChecks, selectsEverything } from '../select/selection.js';
import { ApiClient } from '../http/client.js';
import type { Redactor } from '../redact/redact.js';
import { auditKeptRecords } from '../preflight/kept-audit.js';
import { RecordChanges, type RecordChange } from '../safety/record-changes.js';
import { printRecordChanges } from '../report/record-changes-block.js';

/**
 * The changes the checks found on kept records, and those a read of every kept record after the run
 * finds against its state at the fixtures check (the later finding of a record's attribute wins).
 */
async function keptRecordChanges(
  target: RunTarget,
  redactor: Redactor,
  budget: RequestBudget,
): Promise<{ changes: RecordChange[]; requests: number }> {
  const changes = target.recordChanges ?? new RecordChanges();
  const before = target.preflight?.kept;
  let requests = 0;
  if (before && Object.keys(before).length > 0) {
    const api = new ApiClient({
      baseUrl: target.baseUrl,
      keys: target.keys,
      timeoutMs: target.timeoutMs,
      maxRateLimitRetries: target.maxRateLimitRetries,
      redactor,
      budget,
      onExchange: () => {
        requests += 1;
      },
    });
    for (const c of await auditKeptRecords(api, target.fixtures, before, target.readOnly)) changes.add(c);
  }
  return { changes: changes.all(), requests };
}

/** A check still running after this long fails (each request also has its own --timeout). */
const CHECK_TIMEOUT_MS = 180_000;

export { PACKAGE_ROOT, suiteVersion } from '../config/suite-version.js';
import { suiteVersion } from '../config/suite-version.js';

/** `npx conformance`: resolve the target, probe it, run the checks, write the report. Returns the exit status. */
export async function runConformance(
  args: RunArgs,
  rawPrint: (line: string) => void,
  suites: readonly CheckModule[],
  cwd: string = process.cwd(),
): Promise<number> {
  const startedAt = new Date();
  // where a run's time goes (conformance.json run.phases): module loading happened before this line
  const phases = new Phases();
  // every console line goes through the run's redactor (a key can hide in a base URL or an error)
  // and is made inert: server text in it can neither forge a line nor send a terminal escape
  const env = environment(cwd);
  const colour = colourWanted(env, process.stdout.isTTY);
  const print = (line: string) => {
    for (const l of consoleLines(runRedactor().text(line))) rawPrint(colour ? painted(l) : l);
  };
  const config = resolveConfig(args.settings, env, cwd);
  const signKey = config.signKey !== undefined ? readSigningKey(config.signKey) : undefined;
  useRunRedactor(
    redactorFor({
      apiKey: config.apiKey ?? '',
      ...(config.otherOrgApiKey ? { otherOrgApiKey: config.otherOrgApiKey } : {}),
      ...(config.readOnlyApiKey ? { readOnlyApiKey: config.readOnlyApiKey } : {}),
    }),
  );
  for (const w of config.warnings) print(`warning: unknown fixtures key ${w} (a typo?); it is ignored`);
  if (args.list) return await listChecks(config, suites, print);
  // the CI gate's inputs are checked before any server is started or any request is sent
  assertOnlyMatches(config, suites);
  const gate = prepareGate(config, cwd);

  let reference: RunningReference | undefined;
  let interruption: Interruption | undefined;
  try {
    let target: RunTarget;
    const common = {
      runId: newRunId(startedAt),
      seed: config.seed,
      timeoutMs: config.timeoutMs,
      maxRateLimitRetries: 5,
      maxResponseBytes: config.maxResponseBytes,
      selection: config.selection,
      readOnly: config.readOnly,
      concurrency: config.concurrency,
      cases: config.cases,
      ...(config.maxRequests !== undefined ? { maxRequests: config.maxRequests } : {}),
      // the cleanup ledger: the run appends each created record as it is created (lib/safety/)
      ledgerFile: path.join(config.reportDir, 'ledger.jsonl'),
      recordChanges: new RecordChanges(),
      ...(config.examples !== undefined ? { examples: readExamples(config.examples, config.examples) } : {}),
    };
    // every output is known writable before the first request: a run is not lost at its end
    checkReportDir(config.reportDir);
    if (config.har !== undefined) checkHar(config.har);
    checkLedger(common.ledgerFile);
    if (config.baseUrl === undefined) {
      reference = await startReferenceServer(args.reference);
      target = {
        ...common,
        baseUrl: reference.baseUrl,
        keys: reference.keys,
        fixtures: reference.fixtures,
        embedded: true,
      };
      print(`target: embedded reference server at ${reference.baseUrl}`);
    } else {
      if (config.apiKey === undefined)
        throw new RunCannotStart('no API key: pass --api-key or set CONFORMANCE_API_KEY (the key of organization A).');
      const keys: TargetKeys = { apiKey: config.apiKey };
      if (config.otherOrgApiKey !== undefined) keys.otherOrgApiKey = config.otherOrgApiKey;
      if (config.readOnlyApiKey !== undefined) keys.readOnlyApiKey = config.readOnlyApiKey;
      target = { ...common, baseUrl: config.baseUrl, keys, fixtures: config.fixtures, embedded: false };
      print(`target: ${config.baseUrl}`);
    }
    target.rerun = rerunTarget(config, args, target, cwd);
    const redactor = redactorFor(target.keys);
    useRunRedactor(redactor);
    phases.end('referenceStartMs');
    // --concurrency holds before the checks too; these requests are not counted by --max-requests
    const before = new RequestBudget(target.concurrency);
    await probe(target.baseUrl, target.keys, target.timeoutMs, redactor, before);
    phases.end('probeMs');
    print(`run ${target.runId} · seed ${target.seed}`);
    // a fixture the server does not have is the user's mistake: exit 2 before any check
    target.preflight = await checkFixtures(target, redactor, before);
    if (target.preflight.checked.length > 0) print(`fixtures checked: ${target.preflight.checked.join(', ')}`);
    for (const [fields, key] of [
      [target.preflight.contactRequired, 'contact'],
      [target.preflight.contactRequiredOther, 'otherOrg.contact'],
    ] as const) {
      for (const field of fields?.unfilled ?? []) {
        print(
          `fixtures: GET /_schema/contact marks ${field} required on contact create; give its value as ${key}.createAttributes.${field.split(' ')[0]} (contact creates will be blocked without it)`,
        );
      }
    }

    phases.end('fixturesCheckMs');

    let all;
    try {
      all = await loadChecks(suites);
    } catch (err) {
      if (err instanceof SuiteLoadError)
        throw new RunCannotStart(
          `the suite itself failed to load (a bug in the suite, not the server): ${redactor.text(err.message)}`,
        );
      throw err;
    }
    const defs = selectChecks(all, config.selection, config.shard);
    phases.end('suiteLoadMs');
    // a terminal gets a live progress line; CI and pipes get one line per endpoint group
    const live =
      process.stdout.isTTY && !isCi(env)
        ? liveLine((chunk) => process.stdout.write(chunk), process.stdout.columns)
        : undefined;
    const reporter = new ConformanceReporter(print, live);
    // one budget for every check: --concurrency, --max-requests and the 429 back-off counted in one place
    const budget = new RequestBudget(target.concurrency, target.maxRequests);
    reporter.start(defs.length);
    const ledgerCommand = cleanupCommandFor(target.ledgerFile ?? '', cwd);
    interruption = new Interruption(budget, print, ledgerCommand);
    // the checks ended so far: what an interrupted run reports when its checks do not end in time
    const finished: CheckRun[] = [];
    const events = {
      onCheck: (r: CheckRun, d: CheckDefinition) => {
        finished.push(r);
        reporter.onCheck(r, d);
      },
      onGroup: (g: string, rs: readonly CheckRun[]) => reporter.onGroup(g, rs),
    };
    // a promise a check left behind that rejects later is a bug of the suite: the run says so (exit 2)
    // instead of dying on it
    const stray: string[] = [];
    const onStray = (err: unknown) => {
      stray.push(err instanceof Error ? err.message : String(err));
    };
    process.on('unhandledRejection', onStray);
    let runs;
    // the set-ups checks share: made on first use, archived once the last check has ended
    const setups = new RunSetups({ target, budget });
    try {
      const all = runChecks(defs, { target, budget, redactor, checkTimeoutMs: CHECK_TIMEOUT_MS, setups }, events);
      // past an interruption's grace the run reports what ended; the rest is abandoned (the process exits)
      all.catch(() => undefined);
      runs = (await Promise.race([all, interruption.deadline.then(() => undefined)])) ?? [...finished];
    } finally {
      await setups.close();
      process.off('unhandledRejection', onStray);
    }
    if (stray.length > 0)
      throw new RunCannotStart(
        `the suite itself failed (a bug in the suite, not the server): ${redactor.text([...new Set(stray)].join(' | '))}`,
      );
    reporter.finish(runs, findingResults(runs, target.seed, redactor, target.rerun));
    // what the set-ups sent is part of what the run sent and of the contract it observed
    const traffic = [...reporter.traffic, ...trafficOf(setups.exchanges, target.baseUrl)];
    const unanswered = reporter.unanswered + setups.exchanges.filter((ex) => ex.response === undefined).length;
    // every kept record read again: what the server changed heads the console and every report
    const { changes: recordChanges, requests: keptRecordsRequests } = await keptRecordChanges(target, redactor, before);
    phases.end('checksMs');
    if (config.har !== undefined) {
      const har = harOf(
        [
          ...runs.map((r, index) => ({
            index,
            id: r.result.id,
            title: r.result.title,
            held: r.held,
            exchanges: r.exchanges,
            spans: r.spans,
          })),
          {
            index: runs.length,
            id: 'set-up',
            title: 'run-scoped set-ups several checks share',
            held: [],
            exchanges: setups.exchanges.map(keptExchange),
            spans: setups.spans,
          },
        ],
        { version: suiteVersion() },
      );
      writeReportFile(path.dirname(config.har), path.basename(config.har), JSON.stringify(har) + '\n', redactor);
    }

    if (reporter.results.length === 0 && config.shard === undefined && !interruption.signal) {
      throw new RunCannotStart('the selection (--only / --skip / --level) leaves no check to run');
    }
    const settled = settleGate(reporter.results, gate, cwd, { partial: (config.shard?.count ?? 1) > 1 });
    const report = conformanceReport(
      settled.checks,
      {
        runId: target.runId,
        target: target.baseUrl,
        embedded: target.embedded,
        seed: target.seed,
        startedAt: startedAt.toISOString(),
        durationMs: Date.now() - startedAt.getTime(),
        suiteVersion: suiteVersion(),
        ...(config.strict ? { reading: 'strict' as const } : {}),
        ...(config.shard ? { shard: config.shard } : {}),
        ...(selectsEverything(config.selection) ? {} : { selection: config.selection }),
        ...trafficCounts(traffic, unanswered),
        fixturesCheckRequests: target.preflight?.requests ?? 0,
        keptRecordsRequests,
        ...(setups.exchanges.length > 0
          ? { setupRequests: setups.exchanges.length, setupRequestsByKey: setups.requestsByKey() }
          : {}),
        probeRequests: Object.values(target.keys).filter((k) => k !== undefined).length,
        chain: reporter.chain,
        concurrency: {
          configured: budget.ceiling,
          start: budget.start,
          settled: budget.limit,
          lowest: budget.lowest,
          highest: budget.highest,
          path: budget.path,
        },
        phases: phases.done(),
        ...(interruption.signal ? { interrupted: interruption.signal } : {}),
        ...(budget.stopped !== undefined && !interruption.signal ? { stoppedBy: budget.stopped } : {}),
      },
      // the fixtures check's reads are answers of this run too (the checks of those reads judge them)
      observedContract([...traffic, ...trafficOf(preflightReads(target), target.baseUrl)]),
      target.ledgerFile ? leftovers(readLedger(target.ledgerFile).filter((l) => l.runId === target.runId)) : [],
    );
    if (settled.outcome) report.baseline = settled.outcome;
    if (recordChanges.length > 0) report.recordChanges = recordChanges;
    const stepSummary = githubStepSummary(env);
    const files = writeReports(config.reportDir, report, redactor, {
      ...(stepSummary !== undefined ? { stepSummary } : {}),
      ...(signKey ? { signKey } : {}),
      ...(githubRunUrl(env) !== undefined ? { runUrl: githubRunUrl(env)! } : {}),
      coverage: await coverageOf(suites, undefined, report),
    });
    printRecordChanges(recordChanges, print);
    printOutcome(reporter.results, print, config.strict);
    if (budget.decreases > 0)
      print(
        `rate limited: the server answered 429, so the run lowered its concurrency to ${budget.lowest} and settled at ${budget.limit} (--concurrency ${budget.ceiling})`,
      );
    // absolute: the path is pasted into a browser or a shell from wherever the reader is
    print(`report: ${files.map((f, i) => (i === 0 ? path.resolve(cwd, f) : path.basename(f))).join(', ')}`);
    for (const line of settled.lines) print(line);
    const hint = cleanupHint(target.ledgerFile, target.runId, cwd);
    if (hint) print(hint);
    if (interruption.signal) {
      print(
        `interrupted (${interruption.signal}): the report is partial; to archive what it may have left: ${ledgerCommand}`,
      );
      return SIGNAL_EXIT[interruption.signal];
    }
    return settled.status;
  } finally {
    interruption?.dispose();
    await reference?.close();
  }
}

/**
 * The one line that says records may be left and how to clean up: what the ledger shows this run
 * created and did not archive, and POSTs that got no answer (they may have created a record).
 */
export function cleanupHint(ledgerFile: string | undefined, runId: string, cwd: string): string | undefined {
  if (ledgerFile === undefined) return undefined;
  const lines = readLedger(ledgerFile).filter((l) => l.runId === runId);
  const pending = pendingArchives(lines).length;
  const maybe = lines.filter((l) => isCreated(l) && l.maybeCreated === true).length;
  if (pending === 0 && maybe === 0) return undefined;
  const what = [
    pending > 0 ? `${pending} record(s) not archived` : '',
    maybe > 0
      ? `${maybe} POST(s) without an answer that may have created a record (find them by the run id ${runId})`
      : '',
  ]
    .filter(Boolean)
    .join('; ');
  return `records may be left: ${what}; run: ${cleanupCommandFor(ledgerFile, cwd)}`;
}

function cleanupCommandFor(ledgerFile: string, cwd: string): string {
  return `npx conformance cleanup --ledger ${path.relative(cwd, ledgerFile) || ledgerFile}`;
}
