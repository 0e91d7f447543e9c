import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixtures } from '../lib/target/fixtures.js';
import { startReferenceServer, type RunningReference } from '../reference/index.js';
import { runCli } from './support/cli.js';

const USER_KEYS = [
  'taskIds',
  'taskToArchive',
  'noteId',
  'meetingId',
  'contactWithPhoneNumbersId',
  'accountWithDomains',
  'relationships',
] as const;

/** The draft completed with what init asks the user for, taken from the reference's own fixtures. */
function completed(draft: Fixtures, given: Fixtures): Fixtures {
  const out: Fixtures = { ...draft };
  for (const k of USER_KEYS) if (given[k] !== undefined) (out as Record<string, unknown>)[k] = given[k];
  const attributes = given.customObject?.attributes;
  if (attributes !== undefined) out.customObject = { ...draft.customObject, attributes };
  return out;
}

interface Report {
  summary: { failed: number; blocked: number; passed: number };
  checks: Array<{ id: string; status: string; message: string }>;
}

describe.each(['full', 'sparse'] as const)('init against the reference server (%s fixtures)', (set) => {
  let ref: RunningReference;
  let dir: string;
  let init: { code: number | null; stdout: string; stderr: string };
  let draft: Fixtures;
  beforeAll(async () => {
    ref = await startReferenceServer({ fixtures: set });
    dir = mkdtempSync(path.join(tmpdir(), 'conformance-init-'));
    const env = { CONFORMANCE_API_KEY: ref.keys.apiKey, CONFORMANCE_OTHER_ORG_API_KEY: ref.keys.otherOrgApiKey };
    init = await runCli(['init', '--base-url', ref.baseUrl, '--out', 'draft.json'], { cwd: dir, env });
    draft = JSON.parse(readFileSync(path.join(dir, 'draft.json'), 'utf8')) as Fixtures;
  }, 60_000);
  afterAll(async () => {
    await ref.close();
  });

  it('writes every workspace value the discovery answers hold, and no key', () => {
    expect(init.code, init.stdout + init.stderr).toBe(0);
    expect(draft.baseUrl).toBe(ref.baseUrl);
    expect(draft.apiKey).toBeUndefined();
    const written = init.stdout + readFileSync(path.join(dir, 'draft.json'), 'utf8');
    expect(written).not.toContain(ref.keys.apiKey);
    expect(written).not.toContain(ref.keys.otherOrgApiKey);
    expect(draft.contact?.stage).toBe(ref.fixtures.contact?.stage);
    expect(draft.contact?.stageDisplayName).toMatch(/\S/);
    expect(draft.opportunity?.stageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(draft.opportunity?.stageSelectListId).toMatch(/^[0-9a-f-]{36}$/);
    expect(draft.account?.stage).toMatch(/\S/);
    const given = ref.fixtures.customObject;
    expect(draft.customObject).toEqual({ apiName: given?.apiName, matchField: given?.matchField });
    // organization B's own workspace: its stage option ids are not A's
    expect(draft.otherOrg?.contact?.stage).toMatch(/\S/);
    expect(draft.otherOrg?.opportunity?.stageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(draft.otherOrg?.opportunity?.stageId).not.toBe(draft.opportunity?.stageId);
  });

  it('prints what only the user can supply, each with the checks it unlocks', () => {
    const asked = [
      'taskIds',
      'taskToArchive',
      'noteId',
      'meetingId',
      'customObject.attributes',
      'relationships.customObject',
    ];
    for (const k of asked) {
      expect(init.stdout).toMatch(new RegExp(`- ${k.replace('.', '\\.')}: .*; unlocks \\S`));
    }
  });

  it('the draft completed with the ids it asks for passes a whole run', async () => {
    writeFileSync(path.join(dir, 'fixtures.json'), JSON.stringify(completed(draft, ref.fixtures)));
    const keys = {
      CONFORMANCE_API_KEY: ref.keys.apiKey,
      CONFORMANCE_OTHER_ORG_API_KEY: ref.keys.otherOrgApiKey,
      CONFORMANCE_READ_ONLY_API_KEY: ref.keys.readOnlyApiKey,
    };
    const r = await runCli(['--fixtures', 'fixtures.json', '--report-dir', 'report'], { cwd: dir, env: keys });
    const report = JSON.parse(readFileSync(path.join(dir, 'report', 'conformance.json'), 'utf8')) as Report;
    const bad = report.checks
      .filter((c) => c.status === 'failed' || c.status === 'blocked')
      .map((c) => `${c.status} ${c.id}: ${c.message}`);
    expect(bad).toEqual([]);
    expect(r.code, (r.stdout + r.stderr).slice(-2000)).toBe(0);
    expect(report.summary.passed).toBeGreaterThan(300);
  }, 300_000);
});

describe('init against a server whose discovery answers in shapes it does not expect', () => {
  let server: Server;
  let baseUrl: string;
  const requests: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      const body: Record<string, unknown> = {
        // stages as a map keyed by api_name, under an unusual key
        '/api/v2/public/_schema/contact': {
          fields: [
            { name: 'region', type: 'select', is_required_on_create: true },
            { name: 'nickname', type: 'string', is_required_on_create: true },
          ],
          stage: { choices: { a: { api_name: 'new', display_name: 'New' } } },
        },
        // a summary that is a bare list of names
        '/api/v2/public/_organization_schema_summary': ['cus_obj__widget'],
        // options without ids
        '/api/v2/public/_schema/opportunity': { stages: { options: [{ api_name: 'open' }] } },
      };
      const path = req.url ?? '';
      const found = path in body;
      res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          found
            ? body[path]
            : { status_code: 404, error_type: 'not_found', code: 'record_not_found', message: 'no', details: null },
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/public`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('writes what it could, names what it could not, and sends reads only', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-init-odd-'));
    const r = await runCli(['init', '--base-url', baseUrl, '--api-key', 'k-odd'], { cwd: dir });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const draft = JSON.parse(readFileSync(path.join(dir, 'fixtures.json'), 'utf8')) as Fixtures;
    expect(draft).toEqual({
      baseUrl,
      contact: { stage: 'new', stageDisplayName: 'New' },
      customObject: { apiName: 'cus_obj__widget' },
    });
    expect(r.stdout).toMatch(/\? opportunity\.stageId: .*no stage option with a uuid id/);
    expect(r.stdout).toMatch(/\? account\.stage .*HTTP 404/);
    expect(r.stdout).toMatch(/\? customObject\.matchField: .*names no match field/);
    expect(r.stdout).toMatch(/- contact\.createAttributes\.region \(select\)/);
    expect(r.stdout).toMatch(/nickname: left out; a run fills/);
    expect(requests.every((q) => q.startsWith('GET '))).toBe(true);
  });

  it('refuses to overwrite an existing file without --force', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-init-exists-'));
    writeFileSync(path.join(dir, 'fixtures.json'), '{"noteId":"mine"}');
    const r = await runCli(['init', '--base-url', baseUrl, '--api-key', 'k-odd'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/exists; .*--force/);
    expect(readFileSync(path.join(dir, 'fixtures.json'), 'utf8')).toBe('{"noteId":"mine"}');
  });
});

describe('init against the reference server serving only the routes the spec states', () => {
  let ref: RunningReference;
  beforeAll(async () => {
    ref = await startReferenceServer({ statedRoutesOnly: true });
  });
  afterAll(async () => {
    await ref.close();
  });

  it('writes the contact and custom-object values, and names the schema reads the server does not have', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-init-stated-'));
    const env = { CONFORMANCE_API_KEY: ref.keys.apiKey };
    const r = await runCli(['init', '--base-url', ref.baseUrl], { cwd: dir, env });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const draft = JSON.parse(readFileSync(path.join(dir, 'fixtures.json'), 'utf8')) as Fixtures;
    expect(draft.contact?.stage).toBe(ref.fixtures.contact?.stage);
    expect(draft.customObject?.apiName).toBe(ref.fixtures.customObject?.apiName);
    expect(draft.opportunity).toBeUndefined();
    expect(draft.account).toBeUndefined();
    expect(r.stdout).toMatch(
      /\? opportunity\.stageId \(GET \/_schema\/opportunity, a read the spec does not state\): .* answered HTTP 40\d/,
    );
  });

  it('a key the server rejects: exit 2, naming the flag, without printing the key', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-init-401-'));
    const r = await runCli(['init', '--base-url', ref.baseUrl, '--api-key', 'pra_live_wrongwrongwrong'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/HTTP 401 .*--api-key/);
    expect(r.stdout + r.stderr).not.toContain('pra_live_wrongwrongwrong');
  });
});
