import type { Spec } from './spec.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { environment } from '../config/resolve.js';
import { SETTINGS } from '../config/settings.js';
import { RunCannotStart } from '../config/run-cannot-start.js';
import { githubRunUrl, githubStepSummary } from '../config/ci-env.js';
import { KEY_LABELS, Redactor, type NamedSecret } from '../redact/redact.js';
import { conformanceReport, runScope, type ConformanceReport, type RunInfo } from '../report/conformance-json.js';
import type { CheckResult } from '../check/result.js';
import { printOutcome, printVerdict } from '../report/console.js';
import { writeReports } from '../report/write-all.js';
import { prepareGate, settleGate, type Gate } from '../baseline/gate.js';
import { printRecordChanges } from '../report/record-changes-block.js';
import type { MergeArgs } from './args.js';
import { mergedRun, mergeObserved } from './merged-run.js';

/** A shard's report folder, read. */
interface ShardReport {
  dir: string;
  report: ConformanceReport;
  shard: { index: number; count: number };
}

/**
 * `npx conformance merge DIR…`: joins the report folders of `--shard 1/n` … `n/n` into one set of
 * reports in --report-dir, with the exit status a single run would have had (honouring --baseline).
 * A set that does not add up (a shard missing or given twice, different targets) is an exit 2.
 */
export async function mergeReports(
  args: MergeArgs,
  print: (line: string) => void,
  spec: Pick<Spec, 'catalogue' | 'judges' | 'fixtures'>,
  cwd: string = process.cwd(),
): Promise<number> {
  const env = environment(cwd);
  if (args.dirs.length === 0)
    throw new RunCannotStart(
      'merge needs the shard report folders: npx conformance merge DIR… [--report-dir DIR] [--baseline FILE]',
    );
  const { reportDir, gate } = mergeSettings(args, env, spec.catalogue, cwd);
  const shards = args.dirs.map((d) => readShard(path.resolve(cwd, d), d));
  checkShardSet(shards);
  shards.sort((a, b) => a.shard.index - b.shard.index);
  // the shards ran under one reading (checkShardSet compares their runs); --strict came with them
  gate.strict = shards.some((s) => s.report.run.reading === 'strict');

  // a shard's own baseline marks are dropped: the merge judges the baseline over the whole run
  const checks: CheckResult[] = shards.flatMap((s) =>
    s.report.checks.map((c) => {
      const { baselined: _, ...rest } = c;
      return rest;
    }),
  );
  const settled = settleGate(checks, gate, cwd);
  const merged = conformanceReport(
    settled.checks,
    mergedRun(shards.map((s) => s.report.run)),
    mergeObserved(shards.map((s) => s.report.observed)),
    spec.catalogue,
    shards.flatMap((s) => s.report.leftovers ?? []),
  );
  if (settled.outcome) merged.baseline = settled.outcome;
  // each shard read every kept record before and after its own checks: what any of them found
  const recordChanges = shards.flatMap((s) => s.report.recordChanges ?? []);
  if (recordChanges.length > 0) merged.recordChanges = recordChanges;
  writeMerged(reportDir, merged, env, spec);
  mergeLedgers(
    shards.map((s) => path.resolve(cwd, s.dir)),
    reportDir,
  );

  print(`merged ${shards.length} shard${shards.length === 1 ? '' : 's'}: ${shards.map((s) => s.dir).join(', ')}`);
  printRecordChanges(recordChanges, print);
  printOutcome(merged.checks, spec.catalogue, print, gate.strict);
  print(`report: ${path.relative(cwd, reportDir) || reportDir}`);
  for (const line of settled.lines) print(line);
  printVerdict(merged.checks, print, {
    catalogue: spec.catalogue,
    strict: gate.strict,
    scope: runScope(merged.run),
    allowIncomplete: gate.allowIncomplete,
    fixturesFile: spec.fixtures,
  });
  return settled.status;
}

/** Where the merged reports go, and the gate they are judged by: flag over environment, as for a run. */
function mergeSettings(
  args: MergeArgs,
  env: Record<string, string | undefined>,
  catalogue: Catalogue,
  cwd: string,
): { reportDir: string; gate: Gate } {
  const pick = (name: 'reportDir' | 'baseline' | 'writeBaseline'): string | undefined => {
    const v = args.settings[name] ?? env[SETTINGS[name].env];
    return v === undefined || v === '' ? undefined : v;
  };
  const baselineFile = pick('baseline');
  const writeBaselineFile = pick('writeBaseline');
  const gate = prepareGate(
    {
      ...(baselineFile !== undefined ? { baseline: path.resolve(cwd, baselineFile) } : {}),
      ...(writeBaselineFile !== undefined ? { writeBaseline: path.resolve(cwd, writeBaselineFile) } : {}),
      allowIncomplete:
        args.settings.allowIncomplete === 'true' || /^(1|true|yes|on)$/i.test(env[SETTINGS.allowIncomplete.env] ?? ''),
    },
    catalogue,
    cwd,
  );
  return { reportDir: path.resolve(cwd, pick('reportDir') ?? SETTINGS.reportDir.default), gate };
}

/** The one place the merged report reaches disk: every report format, as a single run writes them. */
function writeMerged(
  dir: string,
  report: ConformanceReport,
  env: Record<string, string | undefined>,
  spec: Pick<Spec, 'catalogue' | 'judges' | 'fixtures'>,
): void {
  const stepSummary = githubStepSummary(env);
  const runUrl = githubRunUrl(env);
  writeReports(dir, report, redactorFromEnvironment(env), {
    ...(stepSummary !== undefined ? { stepSummary } : {}),
    ...(runUrl !== undefined ? { runUrl } : {}),
    catalogue: spec.catalogue,
    wrapping: spec.judges.wrapping,
    fixturesFile: spec.fixtures,
  });
}

/**
 * The shards' cleanup ledgers, joined, so `npx conformance cleanup --ledger` works from the merged
 * folder. A ledger already there (an earlier run's, or an earlier merge's) is appended to, never
 * replaced: it may name records still to archive. Lines it holds already are not written twice.
 */
function mergeLedgers(dirs: readonly string[], reportDir: string): void {
  const ledgers = dirs.map((d) => path.join(d, 'ledger.jsonl')).filter((f) => existsSync(f));
  if (ledgers.length === 0) return;
  mkdirSync(reportDir, { recursive: true });
  const out = path.join(reportDir, 'ledger.jsonl');
  const lines = (f: string) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
  const written = new Set(existsSync(out) ? lines(out) : []);
  const added: string[] = [];
  for (const line of ledgers.filter((f) => f !== out).flatMap(lines)) {
    if (written.has(line)) continue;
    written.add(line);
    added.push(`${line}\n`);
  }
  if (added.length > 0) appendFileSync(out, added.join(''));
}

/** The shard runs' keys are not in their reports; the keys the environment holds are scanned for anyway. */
function redactorFromEnvironment(env: Record<string, string | undefined>): Redactor {
  const secrets: NamedSecret[] = [];
  for (const [name, label] of [
    ['apiKey', KEY_LABELS.apiKey],
    ['otherOrgApiKey', KEY_LABELS.otherOrgApiKey],
    ['readOnlyApiKey', KEY_LABELS.readOnlyApiKey],
  ] as const) {
    const v = env[SETTINGS[name].env];
    if (v) secrets.push({ label, value: v });
  }
  return new Redactor(secrets);
}

function readShard(dir: string, shownAs: string): ShardReport {
  const file = path.join(dir, 'conformance.json');
  if (!existsSync(file))
    throw new RunCannotStart(`merge: ${shownAs} holds no conformance.json (is it a report folder of a --shard run?)`);
  let report: ConformanceReport;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport;
  } catch (err) {
    throw new RunCannotStart(
      `merge: ${path.join(shownAs, 'conformance.json')} is not valid JSON: ${(err as Error).message}`,
    );
  }
  if (
    !report ||
    typeof report !== 'object' ||
    !Array.isArray(report.checks) ||
    typeof report.run !== 'object' ||
    report.run === null
  ) {
    throw new RunCannotStart(`merge: ${path.join(shownAs, 'conformance.json')} is not a conformance report`);
  }
  const shard = report.run.shard;
  if (!shard)
    throw new RunCannotStart(`merge: ${shownAs} is the report of a whole run, not of a shard (run with --shard i/n)`);
  return { dir: shownAs, report, shard };
}

function checkShardSet(shards: readonly ShardReport[]): void {
  const [first] = shards;
  if (!first) return;
  const count = first.shard.count;
  for (const s of shards) {
    if (s.shard.count !== count)
      throw new RunCannotStart(
        `merge: ${first.dir} is shard ${first.shard.index}/${count} but ${s.dir} is shard ${s.shard.index}/${s.shard.count}: the shards come from different splits`,
      );
  }
  const byIndex = new Map<number, ShardReport>();
  for (const s of shards) {
    const twin = byIndex.get(s.shard.index);
    if (twin)
      throw new RunCannotStart(`merge: shard ${s.shard.index}/${count} is given twice (${twin.dir} and ${s.dir})`);
    byIndex.set(s.shard.index, s);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0)
    throw new RunCannotStart(
      `merge: shard${missing.length === 1 ? '' : 's'} ${missing.map((i) => `${i}/${count}`).join(', ')} missing; pass every shard's report folder`,
    );
  for (const s of shards) {
    const why = differs(first.report.run, s.report.run);
    if (why) throw new RunCannotStart(`merge: ${first.dir} and ${s.dir} are not shards of one run: ${why}`);
  }
}

/** Why two shard runs cannot be one run: another target, suite version or selection. */
function differs(a: RunInfo, b: RunInfo): string | undefined {
  // each shard against the embedded server started its own, on its own port: same target in effect
  if (a.embedded !== b.embedded || (!a.embedded && a.target !== b.target))
    return `different targets (${a.embedded ? 'the embedded reference server' : a.target} and ${b.embedded ? 'the embedded reference server' : b.target})`;
  if (a.suiteVersion !== b.suiteVersion) return `different suite versions (${a.suiteVersion} and ${b.suiteVersion})`;
  if (JSON.stringify(a.selection ?? null) !== JSON.stringify(b.selection ?? null))
    return 'different selections (--only / --skip / --level)';
  return undefined;
}
