import path from 'node:path';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { leavesBase, startHostile, type Hostile } from './hostile-proxy.js';
import { runMeasured } from './run.js';

// Issue 31, row 2: a custom object listed in discovery under a name that climbs out of the base
// path once a proxy decodes it. `init` must not write it; a fixtures file naming it is refused.

const UNSAFE = 'cus_obj__project%2F..%2F..%2F..%2F..%2Fadmin%2Fusers';

describe('a name from discovery is data until proven an identifier', () => {
  let hostile: Hostile | undefined;
  afterEach(async () => {
    await hostile?.close();
    hostile = undefined;
  });

  it('init leaves out a custom-object api_name that is no safe identifier, and says so', async () => {
    hostile = await startHostile({
      after: (req, answer, res) => {
        if (!req.url.endsWith('/_organization_schema_summary') || answer.status !== 200) return false;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ custom_objects: [{ api_name: UNSAFE, match_fields: ['external_key'] }] }));
        return true;
      },
    });
    const out = path.join(hostile.dir, 'draft.json');
    const r = await runMeasured(
      ['init', '--base-url', hostile.baseUrl, '--api-key', hostile.reference.keys.apiKey, '--out', out],
      { cwd: hostile.dir },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const written = readFileSync(out, 'utf8');
    expect(written).not.toContain('cus_obj__project');
    expect(written).not.toContain('admin');
    expect(r.stdout).toMatch(
      /\? customObject\.apiName: the server's value "cus_obj__project%2F.*is not a safe identifier/,
    );
    expect(hostile.seen.every((s) => s.method === 'GET')).toBe(true);
  });

  it('a run with a fixtures file naming it stops before its first request (exit 2)', async () => {
    hostile = await startHostile({});
    const fixtures = JSON.parse(readFileSync(hostile.fixtures, 'utf8')) as { customObject: { apiName: string } };
    fixtures.customObject.apiName = UNSAFE;
    writeFileSync(hostile.fixtures, JSON.stringify(fixtures));
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'custom-objects'], {
      cwd: hostile.dir,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/invalid fixtures file .*\/customObject\/apiName must match pattern/);
    expect(hostile.seen).toEqual([]);
    expect(existsSync(path.join(dir, 'ledger.jsonl'))).toBe(false);
    expect(hostile.seen.filter((s) => leavesBase(s.url))).toEqual([]);
  });
});
