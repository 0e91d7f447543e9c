import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startHostileFor } from './hostile-proxy.js';
import { runMeasured } from './run.js';

// What the fixtures check made (the custom object samples' upsert) is archived as soon as that
// fixture's check has ended, beside the other fixtures' reads: not a round trip after them all, which
// a run against a distant server waits on before its first check.

const HOLD_MS = 1500;

describe('the fixtures check archives what it made', () => {
  it("as soon as the upsert's fixture has ended, while another fixture's read is still unanswered", async (t) => {
    let heldSeenAt: number | undefined;
    let heldAnsweredAt: number | undefined;
    const hostile = await startHostileFor(t, {
      after: (req, answer, res) => {
        // the organization's schema summary, held: the fixtures check is still under way meanwhile
        if (heldSeenAt !== undefined || !req.url.includes('/_organization_schema_summary')) return false;
        heldSeenAt = req.at;
        setTimeout(() => {
          heldAnsweredAt = performance.now();
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body);
        }, HOLD_MS);
        return true;
      },
    });
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'discovery'], {
      cwd: hostile.dir,
      timeoutMs: 60_000,
    });
    expect(r.code, r.stderr).toBe(0);
    const upsert = hostile.seen.find((s) => s.method === 'POST' && s.url.endsWith('/_upsert'));
    const archive = hostile.seen.find((s) => s.method === 'DELETE');
    expect(upsert).toBeDefined();
    expect(archive).toBeDefined();
    // the held read was the fixtures check's (sent before the archive), and the archive went before it was answered
    expect(heldSeenAt).toBeLessThan(archive!.at);
    expect(archive!.at).toBeLessThan(heldAnsweredAt!);
  }, 90_000);

  it('a fixture the server does not have: exit 2, and nothing written (the upsert and the patch wait for the reads)', async (t) => {
    const hostile = await startHostileFor(t, {});
    const fixtures = JSON.parse(readFileSync(hostile.fixtures, 'utf8')) as Record<string, unknown>;
    writeFileSync(hostile.fixtures, JSON.stringify({ ...fixtures, noteId: randomUUID() }));
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'discovery'], {
      cwd: hostile.dir,
      timeoutMs: 60_000,
    });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/fixtures: noteId: GET \/note\//);
    expect(hostile.seen.length).toBeGreaterThan(3);
    expect(hostile.seen.filter((s) => s.method !== 'GET')).toEqual([]);
  }, 90_000);
});
