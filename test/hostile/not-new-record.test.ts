import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startHostile, type Hostile } from './hostile-proxy.js';
import { reportOf, runMeasured } from './run.js';

// Issue 31, row 3: a server that answers a create with a record that already existed (as a
// de-duplicating server does). What the run made is judged from the answer: such a record is
// never archived, and it is reported.

interface Line {
  id?: string;
  archived?: string;
  notOwn?: boolean;
  note?: string;
}

describe('what the run made is judged from the answer', () => {
  let hostile: Hostile | undefined;
  afterEach(async () => {
    await hostile?.close();
    hostile = undefined;
  });

  it('creates answered with an existing record: another run’s, one the fixtures name, one the run made before', async () => {
    const older = randomUUID();
    const lies: string[] = [];
    let firstOwn: string | undefined;
    let n = 0;
    hostile = await startHostile({
      after: (req, answer, res) => {
        if (req.method !== 'POST' || !/\/account$/.test(req.url) || answer.status >= 300) return false;
        const body = JSON.parse(answer.body) as {
          data: { id: string; created_at: string; attributes: Record<string, unknown> };
        };
        const lie = n++ % 4;
        if (lie === 0) {
          firstOwn ??= body.data.id;
          return false;
        }
        if (lie === 1) {
          // a record of an earlier run, found again by a de-duplicating server
          body.data.id = older;
          body.data.created_at = '2020-01-01T00:00:00Z';
          body.data.attributes['display_name'] = {
            value_type: 'string',
            value: 'Acme [conformance cr-20200101-0000-abcdef]',
          };
        } else if (lie === 2) {
          body.data.id = hostile!.reference.fixtures.accountWithDomains!.id!;
        } else {
          body.data.id = firstOwn ?? body.data.id;
        }
        lies.push(body.data.id);
        res.writeHead(answer.status, answer.headers);
        res.end(JSON.stringify(body));
        return true;
      },
    });
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(
      ['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'accounts,http-semantics'],
      {
        cwd: hostile.dir,
      },
    );
    expect(r.stderr).toBe('');
    expect(lies).toContain(older);
    const deletes = hostile.seen.filter((s) => s.method === 'DELETE').map((s) => s.url);
    // the record of another run and the user's own record are never archived
    expect(deletes.filter((u) => u.includes(older))).toEqual([]);
    expect(
      deletes
        .filter((u) => u.includes(hostile!.reference.fixtures.accountWithDomains!.id!))
        .filter((u) => !u.includes('/attribute/domains/')),
    ).toEqual([]);
    // the run's own record answered again is archived once, by the check that made it
    if (firstOwn !== undefined)
      expect(deletes.filter((u) => u.endsWith(`/account/${firstOwn}`)).length).toBeLessThanOrEqual(1);
    const ledger = readFileSync(path.join(dir, 'ledger.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Line);
    const notOwn = ledger.filter((l) => l.notOwn === true);
    expect(notOwn.map((l) => l.id)).toContain(older);
    expect(notOwn.find((l) => l.id === older)?.note).toMatch(
      /not the run's own.*another run, "cr-20200101-0000-abcdef"/,
    );
    const report = reportOf(dir);
    expect((report.leftovers as Array<{ id: string }>).map((l) => l.id)).not.toContain(older);
    expect(
      report.checks
        .filter((c) => c.status === 'blocked')
        .map((c) => c.message)
        .join('\n'),
    ).toMatch(/a record that is not new/);
  });
});
