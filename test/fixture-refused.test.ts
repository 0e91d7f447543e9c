import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../lib/http/exchange.js';
import type { RunTarget } from '../lib/check/run-target.js';
import { STATED_OPERATIONS } from '../suites/spec/api-operations.js';
import { startReferenceServer, type RunningReference } from '../reference/index.js';
import { fixtureRefusedBlock } from '../suites/spec/fixture-refused.js';
import { runInProcess } from './support/in-process.js';
import { JUDGES } from '../suites/spec/judges.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';

interface Report {
  summary: { failed: number; blocked: number };
  checks: Array<{ id: string; level: string; status: string; blockedBy?: { fixture?: string; answer: string } }>;
}

/**
 * "A draft never makes the server look wrong": a relationship api_name that is an attribute's
 * (`primary_contact_id`, a record_reference to contact the schema lists before the relationships) is
 * refused by the server as unknown. That is the fixtures' problem: the checks that needed it are
 * blocked by `relationships.opportunityContacts`, never failed, and the run names what discovery lists.
 */
describe('a relationships fixture that is an attribute, not a relationship', () => {
  let ref: RunningReference;
  let dir: string;
  let report: Report;
  let out: string;
  beforeAll(async () => {
    ref = await startReferenceServer({ variations: ['discovery-record-reference-typed'] });
    dir = mkdtempSync(path.join(tmpdir(), 'conformance-fixture-refused-'));
    const fixtures = {
      ...ref.fixtures,
      relationships: { ...ref.fixtures.relationships, opportunityContacts: 'primary_contact_id' },
    };
    writeFileSync(path.join(dir, 'fixtures.json'), JSON.stringify(fixtures));
    const r = await runInProcess(['--base-url', ref.baseUrl, '--fixtures', 'fixtures.json', '--report-dir', 'r'], dir);
    out = r.stdout;
    report = JSON.parse(readFileSync(path.join(dir, 'r', 'conformance.json'), 'utf8')) as Report;
  }, 300_000);
  afterAll(async () => {
    await ref.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails no MUST check: the checks that needed it are blocked by the fixture, naming what discovery lists', () => {
    expect(report.checks.filter((c) => c.status === 'failed').map((c) => c.id)).toEqual([]);
    const blocked = report.checks.filter((c) => c.status === 'blocked');
    expect(blocked.length).toBeGreaterThan(0);
    for (const c of blocked) expect(c.blockedBy?.fixture, c.id).toBe('relationships.opportunityContacts');
    expect(blocked[0]!.blockedBy?.answer).toMatch(
      /does not know `relationships\.opportunityContacts`.*it lists contacts/,
    );
    expect(out).not.toMatch(/verdict: (does not conform|conforms)/);
  });
});

describe('fixtureRefusedBlock', () => {
  const base = 'http://127.0.0.1:1/api/v2/public';
  const refused = (p: string, code: string, text = `no relationship primary_contact_id`): Exchange =>
    ({
      request: { method: 'POST', url: `${base}${p}`, headers: {}, body: '{}' },
      response: { status: 404, headers: {}, text, json: { code } },
      ms: 1,
      rateLimitRetries: 0,
    }) as unknown as Exchange;
  const run = (listed: string[]): RunTarget =>
    ({
      baseUrl: base,
      operations: STATED_OPERATIONS,
      catalogue: CATALOGUE,
      judges: JUDGES,
      fixtures: { relationships: { opportunityContacts: 'primary_contact_id' } },
      preflight: {
        checked: [],
        requests: 0,
        discovered: {
          relationships: listed.map((apiName) => ({ apiName, relatedType: 'contact', ownerType: 'opportunity' })),
          customObjects: [],
          names: listed,
        },
      },
    }) as unknown as RunTarget;
  const p = '/opportunity/00000000-0000-4000-8000-000000000001/relationship/primary_contact_id';

  it('blocks on the fixture when the server names the value unknown and discovery does not list it', () => {
    expect(fixtureRefusedBlock(refused(p, 'unknown_field'), run(['contacts']))).toMatchObject({
      fixture: 'relationships.opportunityContacts',
      answer: expect.stringMatching(/it lists contacts$/) as unknown,
    });
  });

  it("is the server's deviation where discovery lists the value, or the answer is about something else", () => {
    expect(fixtureRefusedBlock(refused(p, 'unknown_field'), run(['primary_contact_id']))).toBeUndefined();
    expect(fixtureRefusedBlock(refused(p, 'unknown_field', 'no field zz'), run([]))).toBeUndefined();
    expect(fixtureRefusedBlock(refused(p, 'field_value_invalid'), run([]))).toBeUndefined();
  });
});
