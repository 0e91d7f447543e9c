import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { oneLine } from '../report/inert.js';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RunCannotStart } from '../config/run-cannot-start.js';
import { environment } from '../config/resolve.js';
import { githubStepSummary } from '../config/ci-env.js';
import type { ConformanceReport } from '../report/conformance-json.js';
import { diffReports, hasRegression } from '../diff/report-diff.js';
import { diffCounts, diffMarkdown } from '../diff/diff-markdown.js';
import { helpText } from './help.js';

const USAGE = 'npx conformance diff OLD NEW [--out FILE]: OLD and NEW are report folders or conformance.json files';

/**
 * `npx conformance diff OLD NEW`: what changed between two runs. Writes diff.md (--out, default
 * ./diff.md; also appended to $GITHUB_STEP_SUMMARY when set) and prints the counts and each regression.
 * Exit 1 when a check that passed before failed or was blocked now, or one skipped or blocked before fails
 * now (a new deviation), 0 otherwise, 2 when the two cannot be compared.
 */
export function diffCommand(argv: string[], print: (line: string) => void, cwd: string = process.cwd()): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    throw new RunCannotStart(`${(err as Error).message}. Usage: ${USAGE}`);
  }
  if (parsed.values.help) {
    print(helpText());
    return 0;
  }
  if (parsed.positionals.length !== 2)
    throw new RunCannotStart(`diff needs two reports, got ${parsed.positionals.length}. Usage: ${USAGE}`);
  const [before, after] = parsed.positionals.map((p) => readReport(path.resolve(cwd, p), p)) as [
    ConformanceReport,
    ConformanceReport,
  ];
  const specs = [before.certificate.specVersion, after.certificate.specVersion];
  if (specs[0] !== specs[1])
    throw new RunCannotStart(
      `the two reports are of different spec versions (${String(specs[0])} and ${String(specs[1])}): they cannot be compared`,
    );

  const d = diffReports(before, after);
  const out = path.resolve(cwd, parsed.values.out ?? 'diff.md');
  const md = diffMarkdown(d);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, md);
  // in a GitHub job the diff joins the job's summary, as a run's summary.md does
  const summary = githubStepSummary(environment(cwd));
  if (summary !== undefined) appendFileSync(summary, md);
  print(`diff: ${diffCounts(d)} · ${path.relative(cwd, out) || out}`);
  // one line each: the reports compared are files anyone may have written, holding a server's text
  const line = oneLine;
  for (const r of [...d.newDeviations, ...d.regressions])
    print(
      line(
        `  ✗ [${r.level}] ${r.id} · ${r.endpoint} · ${r.title}: ${r.before} → ${r.after}${r.detail ? ` (${r.detail})` : ''}`,
      ),
    );
  if (d.old.suiteVersion !== d.new.suiteVersion)
    print(line(`  (suite ${d.old.suiteVersion} → ${d.new.suiteVersion}: checks matched by rule id and title)`));
  return hasRegression(d) ? 1 : 0;
}

/** A report folder (its conformance.json) or a conformance.json file, read and checked for shape. */
function readReport(file: string, given: string): ConformanceReport {
  if (!existsSync(file)) throw new RunCannotStart(`${given}: no such report folder or file`);
  const folder = statSync(file).isDirectory();
  const json = folder ? path.join(file, 'conformance.json') : file;
  let text: string;
  try {
    text = readFileSync(json, 'utf8');
  } catch (err) {
    throw new RunCannotStart(
      folder
        ? `${given}: the folder holds no conformance.json`
        : `${given}: cannot be read (${(err as Error).message})`,
    );
  }
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch (err) {
    throw new RunCannotStart(`${given}: ${json} is not JSON (${(err as Error).message})`);
  }
  const r = report as Partial<ConformanceReport> | null;
  if (!r || typeof r !== 'object' || !Array.isArray(r.checks) || !r.certificate || !r.run || !r.observed) {
    throw new RunCannotStart(`${given}: ${json} is not a conformance report (no checks, certificate, run or observed)`);
  }
  return r as ConformanceReport;
}
