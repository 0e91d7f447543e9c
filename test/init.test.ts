import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixtures } from '../fixtures/fixtures-file.js';
import { startReferenceServer, type RunningReference } from '../reference/index.js';
import { runCliInProcess, runInProcess } from './support/in-process.js';

/**
 * What the API cannot give (the spec states no list endpoint for tasks, notes and meetings, and a
 * contact with phone items, an account with domains and a record with many edges are the user's
 * records): the only values added to init's draft. Relationship api_names too, where the server's
 * discovery answers do not list them.
 */
function completed(draft: Fixtures, given: Fixtures, relationshipsListed: boolean): Fixtures {
  const out: Fixtures = {
    ...draft,
    taskIds: given.taskIds!,
    taskToArchive: given.taskToArchive!,
    noteId: given.noteId!,
    meetingId: given.meetingId!,
    contactWithPhoneNumbersId: given.contactWithPhoneNumbersId!,
    accountWithDomains: given.accountWithDomains!,
    customObject: { ...draft.customObject, recordWithManyEdgesId: given.customObject!.recordWithManyEdgesId! },
  };
  if (!relationshipsListed) out.relationships = given.relationships!;
  return out;
}

interface Report {
  summary: { failed: number; blocked: number; passed: number; skipped: number };
  checks: Array<{ id: string; title: string; status: string; message: string }>;
}

/**
 * init reads everything the server's discovery answers say, in the shapes real servers use: the
 * reference's own, and each legal variation whose discovery answers take another shape (stage lists
 * bound to `stage` by attribute_api_names, relationships listed, the match field marked is_unique
 * among the custom object's attributes in the summary). Its draft, plus only what the API cannot
 * give, runs the whole suite with no check skipped.
 */
describe.each([
  {
    shape: 'the default discovery answers',
    variations: [] as string[],
    relationshipsListed: false,
    says: [] as RegExp[],
  },
  {
    shape: 'stage lists bound by attribute_api_names',
    variations: ['discovery-stage-by-attribute'],
    relationshipsListed: false,
  },
  { shape: 'relationships listed', variations: ['discovery-relationships-listed'], relationshipsListed: true },
  {
    shape: 'the match field marked is_unique in the summary',
    variations: ['discovery-unique-attribute'],
    relationshipsListed: false,
  },
  // the shapes of servers written from the spec by other teams
  {
    shape: 'custom objects under object_api_name in the summary',
    variations: ['discovery-object-api-name'],
    relationshipsListed: false,
  },
  {
    shape: 'every select tied to its lists by select_list_ids',
    variations: ['discovery-select-list-ids'],
    relationshipsListed: true,
  },
  {
    shape:
      "lists naming their attributes, the summary listing attributes without options and each type's relationships",
    variations: ['discovery-lists-by-attribute-names'],
    relationshipsListed: true,
  },
  {
    shape: 'a record_reference to contact listed before the relationships',
    variations: ['discovery-record-reference-typed'],
    relationshipsListed: true,
  },
  {
    shape: 'required create fields on account and opportunity',
    variations: ['account-required-domain', 'opportunity-required-close-date'],
    relationshipsListed: false,
    says: [
      /account\.createAttributes\.domains \(account_domain, required\): left out; a run fills it/,
      /opportunity\.createAttributes\.anticipated_closing_at \(timestamp, required\): left out; a run fills it/,
    ],
  },
])('init against the reference server: $shape', ({ variations, relationshipsListed, says }) => {
  let ref: RunningReference;
  let dir: string;
  let init: Awaited<ReturnType<typeof runInProcess>>;
  let draft: Fixtures;
  beforeAll(async () => {
    ref = await startReferenceServer({ variations });
    dir = mkdtempSync(path.join(tmpdir(), 'conformance-init-'));
    const args = ['--api-key', ref.keys.apiKey, '--other-org-api-key', ref.keys.otherOrgApiKey!];
    init = await runInProcess(['init', '--base-url', ref.baseUrl, ...args, '--out', 'draft.json'], dir);
    draft = JSON.parse(readFileSync(path.join(dir, 'draft.json'), 'utf8')) as Fixtures;
  }, 60_000);
  afterAll(async () => {
    await ref.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes every workspace value the discovery answers hold, saying where each came from, and no key', () => {
    expect(init.code, init.stdout + init.stderr).toBe(0);
    expect(draft.baseUrl).toBe(ref.baseUrl);
    expect(draft.apiKey).toBeUndefined();
    const written = init.stdout + readFileSync(path.join(dir, 'draft.json'), 'utf8');
    expect(written).not.toContain(ref.keys.apiKey);
    expect(written).not.toContain(ref.keys.otherOrgApiKey);
    expect(draft.contact?.stage).toBe(ref.fixtures.contact?.stage);
    expect(draft.contact?.stageDisplayName).toMatch(/\S/);
    expect(draft.opportunity?.stageSelectListId).toMatch(/^[0-9a-f-]{36}$/);
    // never the option two pipelines share: the checks resolving a stage by name need one list's
    expect(draft.opportunity?.stageId).toBe(ref.fixtures.opportunity?.stageId);
    expect(draft.opportunity?.sharedStageName).toBe(ref.fixtures.opportunity?.sharedStageName);
    expect(draft.account?.stage).toBe(ref.fixtures.account?.stage);
    const given = ref.fixtures.customObject;
    expect(draft.customObject).toMatchObject({ apiName: given?.apiName, matchField: given?.matchField });
    // a free-text sample and a select sample (the server's own first option)
    expect(draft.customObject?.attributes).toEqual({ summary: 'Sample summary', priority: 'low' });
    if (relationshipsListed) expect(draft.relationships).toEqual(ref.fixtures.relationships);
    else expect(draft.relationships).toBeUndefined();
    // organization B's own workspace: its stage option ids are not A's
    expect(draft.otherOrg?.contact?.stage).toMatch(/\S/);
    expect(draft.otherOrg?.opportunity?.stageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(draft.otherOrg?.opportunity?.stageId).not.toBe(draft.opportunity?.stageId);
    // and its custom object, from its own schema summary
    expect(draft.otherOrg?.customObject?.apiName).toBe(ref.fixtures.otherOrg?.customObject?.apiName);
    for (const key of [
      'contact.stage',
      'opportunity.stageId',
      'customObject.matchField',
      'customObject.attributes.priority',
      'otherOrg.customObject.apiName',
    ])
      expect(init.stdout).toMatch(new RegExp(`✓ ${key.replace(/\./g, '\\.')} = \\S.* ← GET /\\S+`));
  });

  it('confirms what the API can confirm with reads, and says what it cannot', () => {
    expect(init.stdout).toMatch(
      /✓ customObject\.attributes\.priority: confirmed, GET \/_schema\/cus_obj__\S+ lists it/,
    );
    if (relationshipsListed) {
      expect(init.stdout).toMatch(/✓ relationships\.customObject: confirmed, GET \/cus_obj__\S+ \(no such record\)/);
      expect(init.stdout).toMatch(/\? relationships\.opportunityContacts: unconfirmed, no read the spec states/);
    }
  });

  it('names each required create field the run fills itself', () => {
    for (const line of says ?? []) expect(init.stdout).toMatch(line);
  });

  it('prints what only the user can supply, each with the checks it unlocks', () => {
    const asked = [
      'taskIds',
      'taskToArchive',
      'noteId',
      'meetingId',
      ...(relationshipsListed ? [] : ['relationships.customObject']),
    ];
    for (const k of asked) expect(init.stdout).toMatch(new RegExp(`- ${k.replace('.', '\\.')}: .*; unlocks \\S`));
    expect(init.stdout).toMatch(
      /- taskToArchive: \["<uuid>", "<uuid>", …\] tasks made to be archived for good, several/,
    );
    expect(init.stdout).not.toMatch(/- customObject\.attributes: /);
    if (relationshipsListed) expect(init.stdout).not.toMatch(/- relationships\./);
  });

  it('the draft plus only what the API cannot give runs the whole suite with no check skipped', async () => {
    writeFileSync(path.join(dir, 'fixtures.json'), JSON.stringify(completed(draft, ref.fixtures, relationshipsListed)));
    const keys = [
      '--api-key',
      ref.keys.apiKey,
      '--other-org-api-key',
      ref.keys.otherOrgApiKey!,
      '--read-only-api-key',
      ref.keys.readOnlyApiKey!,
    ];
    const r = await runInProcess(
      ['--base-url', ref.baseUrl, ...keys, '--fixtures', 'fixtures.json', '--report-dir', 'report'],
      dir,
    );
    const report = JSON.parse(readFileSync(path.join(dir, 'report', 'conformance.json'), 'utf8')) as Report;
    const bad = report.checks
      .filter((c) => c.status !== 'passed')
      .map((c) => `${c.status} ${c.id}: ${c.title}: ${c.message}`);
    expect(bad).toEqual([]);
    expect(r.code, r.stdout.slice(-2000)).toBe(0);
    expect(r.stdout).toMatch(/^verdict: conforms \(all \d+ MUST checks ran and passed\)$/m);
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
      // organization B (key k-b) lists an api_name that is no safe identifier first, then organization
      // A's and one of its own; organization C (k-c) lists none
      const auth = req.headers.authorization;
      if (auth === 'Bearer k-b')
        body['/api/v2/public/_organization_schema_summary'] = [
          'cus_obj__../admin',
          'cus_obj__widget',
          'cus_obj__gadget',
        ];
      if (auth === 'Bearer k-c') body['/api/v2/public/_organization_schema_summary'] = { objects: [] };
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
    const r = await runCliInProcess(['init', '--base-url', baseUrl, '--api-key', 'k-odd'], { cwd: dir });
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
    expect(r.stdout).toMatch(/nickname \(string, required\): left out; a run fills it/);
    expect(requests.every((q) => q.startsWith('GET '))).toBe(true);
  });

  it("with organization B's key: its own custom object, a safe api_name other than organization A's", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-init-odd-b-'));
    const keys = ['--api-key', 'k-odd', '--other-org-api-key', 'k-b'];
    const r = await runCliInProcess(['init', '--base-url', baseUrl, ...keys], { cwd: dir });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const written = readFileSync(path.join(dir, 'fixtures.json'), 'utf8');
    const draft = JSON.parse(written) as Fixtures;
    expect(draft.customObject?.apiName).toBe('cus_obj__widget');
    expect(draft.otherOrg?.customObject).toEqual({ apiName: 'cus_obj__gadget' });
    expect(r.stdout).toContain(
      '✓ otherOrg.customObject.apiName = "cus_obj__gadget" ← GET /_organization_schema_summary (with organization B\'s key)',
    );
    expect(r.stdout + written).not.toContain('cus_obj__../');
    expect(requests).toContain('GET /api/v2/public/_organization_schema_summary');

    const none = mkdtempSync(path.join(tmpdir(), 'conformance-init-odd-c-'));
    const c = await runCliInProcess(
      ['init', '--base-url', baseUrl, '--api-key', 'k-odd', '--other-org-api-key', 'k-c'],
      {
        cwd: none,
      },
    );
    expect(c.code, c.stdout + c.stderr).toBe(0);
    expect(
      (JSON.parse(readFileSync(path.join(none, 'fixtures.json'), 'utf8')) as Fixtures).otherOrg?.customObject,
    ).toBe(undefined);
    expect(c.stdout).toMatch(
      /\? otherOrg\.customObject\.apiName: GET \/_organization_schema_summary \(with organization B's key\) answered, but no api_name starting with cus_obj__ was recognised/,
    );
  });

  it('refuses to overwrite an existing file without --force', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-init-exists-'));
    writeFileSync(path.join(dir, 'fixtures.json'), '{"noteId":"mine"}');
    const r = await runCliInProcess(['init', '--base-url', baseUrl, '--api-key', 'k-odd'], { cwd: dir });
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
    const r = await runCliInProcess(['init', '--base-url', ref.baseUrl], { cwd: dir, env });
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
    const r = await runCliInProcess(['init', '--base-url', ref.baseUrl, '--api-key', 'pra_live_wrongwrongwrong'], {
      cwd: dir,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/HTTP 401 .*--api-key/);
    expect(r.stdout + r.stderr).not.toContain('pra_live_wrongwrongwrong');
  });
});
