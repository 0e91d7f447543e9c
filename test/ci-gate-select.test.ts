import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globToRegExp, isSelected, patternsMatchingNothing } from '../lib/select/selection.js';
import { SUITE_FILES } from '../suites/index.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';
import { runCliInProcess } from './support/in-process.js';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'conformance-gate-'));

/** The `--list` lines: `{ level, rule, group }` per check. */
function listed(stdout: string): Array<{ level: string; rule: string; group: string }> {
  const out: Array<{ level: string; rule: string; group: string }> = [];
  let group = '';
  for (const line of stdout.split('\n')) {
    const g = /^([a-z][a-z-]*):$/.exec(line);
    if (g) {
      group = g[1] as string;
      continue;
    }
    const m = /^ {2}(MUST|SHOULD) +(\S+) /.exec(line);
    if (m) out.push({ level: m[1] as string, rule: m[2] as string, group });
  }
  return out;
}

describe('selection rules', () => {
  it('globs span dots; a pattern matches a rule id or an endpoint group', () => {
    expect(globToRegExp('contact.*').test('contact.create.status-201')).toBe(true);
    expect(globToRegExp('*.page-*').test('pagination.page-size')).toBe(true);
    expect(globToRegExp('contact.*').test('contacts')).toBe(false);
    const c = { rule: 'contact.create.status-201', level: 'MUST' as const, group: 'contacts' };
    expect(isSelected({ only: ['contacts'], skip: [], level: 'all' }, c)).toBe(true);
    expect(isSelected({ only: ['contact.*'], skip: ['contacts'], level: 'all' }, c)).toBe(false);
    expect(isSelected({ only: [], skip: [], level: 'must' }, { ...c, level: 'SHOULD' })).toBe(false);
    const groups = SUITE_FILES.map((s) => s.group);
    expect(patternsMatchingNothing(['contacts', 'contact.*', 'contcts', 'no.such.rule'], groups, CATALOGUE)).toEqual([
      'contcts',
      'no.such.rule',
    ]);
  });
});

describe('--list: the checks that would run, without a request', () => {
  let server: Server;
  let requests = 0;
  let baseUrl: string;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests += 1;
      res.writeHead(500).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v2/public`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('lists every check with rule id, level, endpoint and title, sending nothing and writing nothing', async () => {
    const dir = tmp();
    const r = await runCliInProcess([
      '--list',
      '--base-url',
      baseUrl,
      '--api-key',
      'pra_list_test_key_0123456789',
      '--report-dir',
      path.join(dir, 'out'),
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(requests).toBe(0);
    expect(existsSync(path.join(dir, 'out'))).toBe(false);
    const all = listed(r.stdout);
    expect(all.length).toBeGreaterThan(300);
    expect(r.stdout).toMatch(/^ {2}MUST +contact\.create\.status-201 +POST \/contact +a valid create answers 201$/m);
    expect(all.some((c) => c.level === 'SHOULD')).toBe(true);
    expect(r.stdout).toMatch(new RegExp(`^${all.length} checks \\(\\d+ MUST, \\d+ SHOULD\\)$`, 'm'));
  });

  it('needs no server at all: a closed port, no key, still exit 0 and no reference server', async () => {
    const srv = createTcpServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as { port: number }).port;
    await new Promise<void>((r) => srv.close(() => r()));
    const r = await runCliInProcess([
      '--list',
      '--base-url',
      `http://127.0.0.1:${port}/api/v2/public`,
      '--only',
      'contact.create.status-201',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(listed(r.stdout)).toEqual([{ level: 'MUST', rule: 'contact.create.status-201', group: 'contacts' }]);
    const embedded = await runCliInProcess(['--list', '--only', 'tasks']);
    expect(embedded.code).toBe(0);
    expect(embedded.stdout).not.toMatch(/reference server/);
  });

  it('honours --only with a glob, with an endpoint group, --skip and --level must', async () => {
    const [glob, group, skipped, must] = await Promise.all([
      runCliInProcess(['--list', '--only', '*.page-*']),
      runCliInProcess(['--list', '--only', 'tasks']),
      runCliInProcess(['--list', '--only', 'contact.*', '--skip', 'contacts']),
      runCliInProcess(['--list', '--level', 'must', '--only', 'discovery,media-types,contacts']),
    ]);
    for (const r of [glob, group, skipped, must]) expect(r.code, r.stderr).toBe(0);
    const g = listed(glob.stdout);
    expect(g.length).toBeGreaterThan(0);
    for (const c of g) expect(c.rule).toMatch(/\.page-/);
    const t = listed(group.stdout);
    expect(t.length).toBeGreaterThan(0);
    for (const c of t) expect(c.group).toBe('tasks');
    const s = listed(skipped.stdout);
    expect(s.length).toBeGreaterThan(0);
    for (const c of s) {
      expect(c.rule).toMatch(/^contact\./);
      expect(c.group).not.toBe('contacts');
    }
    const m = listed(must.stdout);
    expect(m.length).toBeGreaterThan(0);
    expect(m.every((c) => c.level === 'MUST')).toBe(true);
    expect(must.stdout).toMatch(/\(\d+ MUST, 0 SHOULD\)/);
  });

  it('an --only that matches no check is an exit 2 naming it', async () => {
    const r = await runCliInProcess(['--list', '--only', 'contacts,contcts']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--only "contcts" matches no check/);
    const run = await runCliInProcess(['--only', 'contact.craete.status-201', '--report-dir', tmp()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--only "contact\.craete\.status-201" matches no check/);
  });
});

describe('a run registers only the selected checks', () => {
  it('--only with a glob and --level must: nothing else is in conformance.json', async () => {
    const dir = tmp();
    const r = await runCliInProcess(['--only', 'discovery.*,http.*', '--level', 'must', '--report-dir', dir]);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as {
      checks: Array<{ id: string; level: string }>;
      run: { selection?: unknown };
    };
    expect(report.checks.length).toBeGreaterThan(0);
    for (const c of report.checks) {
      expect(c.id).toMatch(/^discovery\./);
      expect(c.level).toBe('MUST');
    }
    // http.* is SHOULD only: --level must leaves it out
    expect(report.checks.map((c) => c.id)).not.toContain('http.delete-success-status');
    expect(report.run.selection).toEqual({ only: ['discovery.*', 'http.*'], skip: [], level: 'must' });
  });
});
