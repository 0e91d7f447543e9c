import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cleanEnv } from './support/cli.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

interface Step {
  uses?: string;
  id?: string;
  if?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  'working-directory'?: string;
}
interface Action {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}
const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as Action;

interface Outcome {
  outputs: Record<string, string>;
  steps: Record<string, Record<string, string>>;
  status: number;
  summary: string;
  workspace: string;
}

/**
 * No GitHub runner here: run the action's `run` steps in order as the runner would (bash -eo pipefail,
 * `${{ … }}` substituted from the inputs, github.action_path and earlier steps' outputs), skipping the
 * `uses` steps (setup-node, upload-artifact). The step summary and outputs go to files, as on a runner.
 */
async function runAction(given: Record<string, string>): Promise<Outcome> {
  const workspace = mkdtempSync(path.join(tmpdir(), 'conformance-action-'));
  const summary = path.join(workspace, 'step-summary.md');
  writeFileSync(summary, '');
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, given[k] ?? v.default ?? '']));
  const stepOutputs: Record<string, Record<string, string>> = {};
  const expr = (text: string): string =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, e: string) => {
      if (e === 'github.action_path') return ROOT.replace(/\/$/, '');
      const input = /^inputs\.([\w-]+)$/.exec(e);
      if (input) return inputs[input[1]!] ?? '';
      const out = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(e);
      if (out) return stepOutputs[out[1]!]?.[out[2]!] ?? '';
      throw new Error(`unsupported expression ${e}`);
    });
  let status = 0;
  for (const [i, step] of action.runs.steps.entries()) {
    if (step.run === undefined) continue;
    if (status !== 0 && !(step.if ?? '').startsWith('always()')) continue;
    const outputFile = path.join(workspace, `output-${i}`);
    writeFileSync(outputFile, '');
    const env = cleanEnv({
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expr(v)])),
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summary,
      CI: 'true',
    });
    const cwd = step['working-directory'] !== undefined ? expr(step['working-directory']) : workspace;
    status = await new Promise<number>((resolve) => {
      const bash = ['--noprofile', '--norc', '-eo', 'pipefail', '-c', expr(step.run!)];
      execFile('bash', bash, { cwd, env, maxBuffer: 1 << 24 }, (err) => {
        resolve(err === null ? 0 : typeof err.code === 'number' ? err.code : 1);
      });
    });
    if (step.id !== undefined) {
      const lines = readFileSync(outputFile, 'utf8')
        .split('\n')
        .filter((l) => l.includes('='));
      stepOutputs[step.id] = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
    }
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs).map(([k, v]) => [k, expr(v.value)]));
  return { outputs, steps: stepOutputs, status, summary: readFileSync(summary, 'utf8'), workspace };
}

describe('action.yml', () => {
  it('is a composite action with the inputs the issue lists, a pinned Node and the report uploaded', () => {
    expect(action.runs.using).toBe('composite');
    const listed = [
      'base-url',
      'api-key',
      'other-org-api-key',
      'read-only-api-key',
      'fixtures',
      'baseline',
      'level',
      'strict',
      'shard',
      'args',
    ];
    for (const k of listed) {
      expect(action.inputs[k], k).toBeDefined();
    }
    const setup = action.runs.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(action.inputs['node-version']?.default).toMatch(/^\d+\.\d+\.\d+$/);
    expect(setup?.with?.['node-version']).toBe('${{ inputs.node-version }}');
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with?.['path']).toBe('${{ steps.run.outputs.report-dir }}');
    expect(upload?.if).toMatch(/^always\(\)/);
    expect(Object.keys(action.outputs)).toEqual(expect.arrayContaining(['verdict', 'report-dir']));
  });

  it('no input is spliced into a script: inputs reach the steps through env only', () => {
    for (const s of action.runs.steps) expect(s.run ?? '', s.id ?? s.uses ?? '').not.toMatch(/\$\{\{/);
  });

  it('against a conforming server: verdict conforms, the summary appended, the step passes', async () => {
    // the whole suite: a run focused by --only says `incomplete` (see below)
    const r = await runAction({});
    expect(r.outputs).toMatchObject({ verdict: 'conforms', 'report-dir': 'conformance-report', 'exit-code': '0' });
    expect(r.status).toBe(0);
    expect(r.summary).toMatch(/conforms/);
    expect(r.steps['run']?.['artifact']).toBe('conformance-report');
    const report = path.join(r.workspace, 'conformance-report', 'conformance.json');
    expect(JSON.parse(readFileSync(report, 'utf8'))).toHaveProperty('certificate');
  }, 120_000);

  it('against a deviating server: verdict does not conform, the step fails with the exit status', async () => {
    const args = '--fault contact-create-200 --only contact.create.status-201';
    const r = await runAction({ args, 'report-dir': 'out' });
    expect(r.outputs).toMatchObject({ verdict: 'does not conform', 'report-dir': 'out', 'exit-code': '1' });
    expect(r.status).toBe(1);
  }, 120_000);

  it('a run that cannot be made: verdict error, the step fails with 2', async () => {
    const r = await runAction({
      'base-url': 'http://127.0.0.1:9/api/v2/public',
      'api-key': 'k-unreachable',
      shard: '2/4',
      args: '--timeout 2000',
    });
    expect(r.outputs).toMatchObject({ verdict: 'error', 'exit-code': '2' });
    expect(r.steps['run']?.['artifact']).toBe('conformance-report-2-of-4');
    expect(r.summary).toBe('');
    expect(r.status).toBe(2);
  }, 120_000);

  it("shards on a job matrix, merged by command: merge into the run's verdict", async () => {
    const shard = (s: string) => runAction({ shard: s, level: 'must', args: '--only contacts,tasks' });
    const shards = await Promise.all(['1/2', '2/2'].map(shard));
    for (const r of shards) expect(r.outputs['exit-code']).toBe('0');
    const dirs = shards.map((r) => path.join(r.workspace, 'conformance-report'));
    const merged = await runAction({ command: 'merge', args: dirs.join(' '), 'report-dir': 'merged' });
    // --only left MUST rules out: never "conforms" for what was not tested, but the selection was
    // chosen, so the gate passes
    expect(merged.outputs).toMatchObject({ verdict: 'incomplete', 'report-dir': 'merged', 'exit-code': '0' });
    expect(merged.status).toBe(0);
  }, 240_000);
});
