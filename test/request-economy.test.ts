import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../bin/main.js';
import { requestCounts } from '../lib/report/request-counts.js';
import type { CheckResult } from '../lib/check/result.js';
import type { ConformanceReport } from '../lib/report/conformance-json.js';

/**
 * The request economy (issue 28): on a metered server a run's floor is its requests divided by the
 * quota. A default run against the embedded reference with its complete fixtures sends at most
 * REQUEST_BUDGET requests in all (the probe, the fixtures check, the checks, their shared set-ups,
 * the kept-record audit), counted where the server receives them, and conformance.json says the
 * same, per part, per endpoint group and per rule. Issue 39 added one request per family of checks
 * on a body and operation (415, malformed JSON, 413, unknown_field: 30), the later ids and the path no
 * route serves (3): 588 became 621. Isolation through sub-resource keys and related_record_match
 * (issue 39, area 4) added 19 (four checks, organization B's account made once per run), a custom
 * object's api_name the workspace does not have before a real record id 6 (three checks). The
 * wider PATCH read-backs, the contact PATCH's stage forms and the transcript link (issue 39, areas 2, 3
 * and 7) added 14. Issue 39's write forms of a value added 12 (the enveloped contact patch and its
 * read, the enveloped upsert and its archive, null on the task patch and the upsert, a match without
 * its value, a match value of three more JSON types). The read-back family (issue 39, area 2) added 1:
 * the contact's accounts read after a link by related_record_match alone. ambiguous_match on the
 * opportunity POST and the upsert (issue 39, area 6) added 11: a contact on the opportunity's account,
 * its match alone, the edge's removal, a second contact of its name on that account and the match
 * naming both; a second record, the patch giving it the first's match value, the upsert of that value
 * and the record's archive. Organization B's match naming organization A's contact on the opportunity
 * POST (area 4) added 4: organization B's opportunity and contact, its match naming that contact and
 * the one naming organization A's. Organization B's own custom object (area 4) added 3: its schema
 * summary, its patch of organization A's record under that api_name, and the upsert that shows the
 * record again. The fixtures check sends a read already in flight once (issue 40): 5 fewer.
 * Organization B's own custom object at the other operations naming a record (issue 40's leftovers)
 * added 8: its archive of a record of the check's own, the upsert that finds it again and its archive;
 * its relationship read of the run's linked record; its upsert of organization A's match value, the
 * archive of the record it made and the upsert that shows organization A's record again. The schema
 * summary is read once for the four. Organization B's custom object named in the fixtures
 * (`otherOrg.customObject.apiName`, which the reference's complete file gives) spares that read: 1 fewer.
 * The name given is held against organization B's schema summary (a mistyped one would make the four
 * pass having tested nothing): the read again, once per run, 1 more.
 */
const REQUEST_BUDGET = 718;

const sum = (o: Record<string, number>): number => Object.values(o).reduce((a, b) => a + b, 0);

describe('requests per part, group and rule (conformance.json requests)', () => {
  it('adds the checks up per group and per rule, and the parts up to the total', () => {
    const check = (id: string, group: string, requests?: number) =>
      ({ id, group, requests, level: 'MUST', status: 'passed', title: id }) as unknown as CheckResult;
    const counts = requestCounts(
      [check('a.one', 'alpha', 3), check('a.one', 'beta', 2), check('b.two', 'beta', 5), check('c.three', 'beta')],
      {
        requestsSent: 14,
        setupRequests: 4,
        setupRequestsByKey: { small: 1, big: 3 },
        probeRequests: 3,
        fixturesCheckRequests: 7,
        keptRecordsRequests: 2,
      },
    );
    expect(counts).toEqual({
      total: 3 + 7 + 10 + 4 + 2,
      probe: 3,
      fixturesCheck: 7,
      checks: 10,
      setups: 4,
      keptRecords: 2,
      byGroup: { beta: 7, alpha: 3 },
      byRule: { 'a.one': 5, 'b.two': 5, 'c.three': 0 },
      bySetup: { big: 3, small: 1 },
    });
    // most first, in the file too
    expect(Object.keys(counts.byGroup)).toEqual(['beta', 'alpha']);
  });
});

describe('the request economy of a default run', () => {
  it(`sends at most ${REQUEST_BUDGET} requests against the reference with complete fixtures, as conformance.json counts them`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-economy-'));
    // every request any HTTP server of this process receives: the embedded reference's, here
    let received = 0;
    const count = (): void => {
      received += 1;
    };
    subscribe('http.server.request.start', count);
    let code: number;
    try {
      code = await main(['--report-dir', dir], { print: () => undefined, error: () => undefined, cwd: dir });
    } finally {
      unsubscribe('http.server.request.start', count);
    }
    const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    expect(report.summary.failed + report.summary.blocked + report.summary.skipped).toBe(0);
    const r = report.requests;
    // the report's count is the server's
    expect(r.total).toBe(received);
    expect(r.total).toBe(r.probe + r.fixturesCheck + r.checks + r.setups + r.keptRecords);
    expect(sum(r.byGroup)).toBe(r.checks);
    expect(sum(r.byRule)).toBe(r.checks);
    expect(sum(r.bySetup)).toBe(r.setups);
    expect(received, `requests by group: ${JSON.stringify(r.byGroup)}`).toBeLessThanOrEqual(REQUEST_BUDGET);
  });
});
