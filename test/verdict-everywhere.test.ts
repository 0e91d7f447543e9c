import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../lib/report/conformance-json.js';
import { REPORT_FILES } from '../lib/report/write-all.js';
import { startReferenceServer, type RunningReference } from '../reference/index.js';
import { runInProcess } from './support/in-process.js';

/**
 * One verdict, everywhere: a run where MUST checks were skipped (the sparse fixtures file a user
 * typically writes: no taskToArchive, no free-text custom-object sample, …) never says "conforms".
 * Every report file says `incomplete`, with how many MUST checks ran; the console's last lines say
 * what the run lacks, grouped by what the user supplies; the exit status is 1 unless the gate says
 * it lacks them on purpose (--allow-incomplete).
 */
let ref: RunningReference;
let dir: string;
let run: Awaited<ReturnType<typeof runInProcess>>;
let report: ConformanceReport;
const read = (name: string) => readFileSync(path.join(dir, 'report', name), 'utf8');

beforeAll(async () => {
  ref = await startReferenceServer({ fixtures: 'sparse' });
  dir = mkdtempSync(path.join(tmpdir(), 'conformance-incomplete-'));
  writeFileSync(path.join(dir, 'fixtures.json'), JSON.stringify(ref.fixtures));
  run = await runInProcess(['--fixtures', 'fixtures.json', '--report-dir', 'report'], dir);
  report = JSON.parse(read('conformance.json')) as ConformanceReport;
}, 300_000);
afterAll(async () => {
  await ref.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a run with MUST checks skipped', () => {
  it('has skipped MUST checks and nothing failed or blocked (the premise)', () => {
    const must = report.checks.filter((c) => c.level === 'MUST');
    expect(must.filter((c) => c.status === 'skipped').length).toBeGreaterThan(5);
    expect(report.checks.filter((c) => c.status === 'failed' || c.status === 'blocked')).toEqual([]);
  });

  it('says incomplete in every report file, with how many MUST checks ran', () => {
    const done = report.certificate.completeness;
    const must = report.checks.filter((c) => c.level === 'MUST');
    expect(done).toMatchObject({
      mustChecks: must.length,
      mustRan: must.filter((c) => c.status === 'passed').length,
      mustSkipped: must.filter((c) => c.status === 'skipped').length,
    });
    const ran = `${done.mustRan} of ${done.mustChecks} MUST checks ran`;
    const files = Object.fromEntries(REPORT_FILES.map((f) => [f, read(f)]));
    expect(report.certificate.verdict).toBe('incomplete');
    expect((JSON.parse(files['certificate.json']!) as { verdict: string }).verdict).toBe('incomplete');
    expect(files['summary.md']).toMatch(/^## Public Records API v2 conformance: ⚠️ incomplete$/m);
    expect(files['summary.md']).toContain(`**Incomplete: ${ran}; not tested: ${done.mustSkipped} MUST-level checks`);
    expect(files['report.html']).toContain('<span class="verdict incomplete">incomplete</span>');
    expect(files['report.html']).toContain(`incomplete: ${ran}`);
    expect(files['badge.svg']).toContain(`>incomplete ${report.certificate.must.passed}/`);
    expect(files['badge.svg']).toContain('#b26a00');
    expect(files['junit.xml']).toContain('<testcase classname="verdict" name="verdict: incomplete">');
    expect(files['junit.xml']).toMatch(
      /<error message="incomplete: \d+ of \d+ MUST checks ran; not tested: [^"]+" type="incomplete"\/>/,
    );
    expect(files['junit.xml']).toContain('<property name="verdict" value="incomplete"/>');
    // the MUST rules not tested, named alike in each (and in certificate.json, which verify-certificate reads)
    const first = report.certificate.untested?.find((u) => u.outcome === 'skipped');
    expect(first).toBeDefined();
    for (const name of ['summary.md', 'report.html', 'junit.xml', 'badge.svg'])
      expect(files[name], name).toContain(`MUST rules not tested: ${first!.rule} (skipped)`);
    const cert = JSON.parse(files['certificate.json']!) as { rules: Record<string, { outcome: string }> };
    expect(cert.rules[first!.rule]?.outcome).toBe('skipped');
    // never "conforms" for what was not tested (report.html's stylesheet names the class of each verdict)
    for (const [name, text] of Object.entries(files))
      expect(name === 'report.html' ? text.replace(/<style>[\s\S]*?<\/style>/, '') : text, name).not.toMatch(
        /\bconforms\b/,
      );
  });

  it('the console ends with the verdict and what the run lacks, by what the user supplies; exit 1', () => {
    expect(run.code).toBe(1);
    const tail = run.lines.slice(run.lines.findIndex((l) => l.startsWith('verdict: ')));
    expect(tail[0]).toMatch(
      /^verdict: incomplete \(no MUST-level deviation in the \d+ MUST checks that ran; not tested: \d+ MUST-level checks skipped; MUST rules not tested: [a-z.-]+ \(skipped\), .*\)$/,
    );
    expect(tail[1]).toBe('To complete this run (what it lacks, by what you supply; each with the checks it unlocks):');
    // each key once, with the checks it unlocks, what it is and how to get it
    const task = tail.findIndex((l) => l.startsWith('  - taskToArchive (not given): unlocks '));
    expect(task).toBeGreaterThan(0);
    expect(tail[task + 1]).toMatch(/^ {6}what: tasks the suite may archive for good/);
    expect(tail[task + 2]).toBe(
      "      how: the API cannot list or create tasks: ask the server's operator for one task id to write to (taskIds), and one to give up (taskToArchive) per complete run",
    );
    expect(tail.filter((l) => /^ {2}- taskToArchive /.test(l))).toHaveLength(1);
    expect(tail.at(-1)).toMatch(
      /^exit 1: MUST checks were skipped, so the server is not certified; --allow-incomplete/,
    );
  });

  it('summary.md and report.html group the skips the same way, instead of a flat list', () => {
    const md = read('summary.md');
    expect(md).toContain('### To complete this run');
    expect(md).toMatch(/^- taskToArchive \(not given\): unlocks \d+ MUST checks? \(/m);
    expect(md).not.toContain('<summary>Skipped (');
    const html = read('report.html');
    expect(html).toContain('<section id="to-complete"><h2>To complete this run</h2>');
    expect(html).toMatch(/taskToArchive \(not given\): unlocks \d+ MUST check/);
  });

  it('--allow-incomplete lets a gate that lacks them on purpose pass; the verdict still says incomplete', async () => {
    const again = await runInProcess(
      ['--fixtures', 'fixtures.json', '--report-dir', 'allowed', '--allow-incomplete', '--only', 'tasks'],
      dir,
    );
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^verdict: incomplete /m);
    expect(again.lines.at(-1)).toBe('exit 0 despite the skipped MUST checks: --allow-incomplete');
    const r = JSON.parse(readFileSync(path.join(dir, 'allowed', 'conformance.json'), 'utf8')) as ConformanceReport;
    expect(r.certificate.verdict).toBe('incomplete');
  }, 120_000);
});
