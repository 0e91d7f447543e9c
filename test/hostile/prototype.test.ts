import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Redactor } from '../../lib/redact/redact.js';
import { startHostile, type Hostile } from './hostile-proxy.js';
import { reportOf, runMeasured } from './run.js';

describe('prototype-safe parsing', () => {
  it('a redacted copy keeps __proto__ and constructor as own properties, as JSON.parse gives them', () => {
    const parsed = JSON.parse(
      '{"__proto__":{"data":{"id":"x"}},"constructor":{"prototype":{"polluted":true}}}',
    ) as Record<string, unknown>;
    const copy = new Redactor([{ label: '<k>', value: 'secret-key-value' }]).value(parsed);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { data?: unknown }).data).toBeUndefined();
    expect(Object.keys(copy)).toEqual(['__proto__', 'constructor']);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(parsed));
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  describe('against a server', () => {
    let hostile: Hostile | undefined;
    afterEach(async () => {
      await hostile?.close();
      hostile = undefined;
    });

    it('every JSON body wrapped under "__proto__" does not conform', async () => {
      hostile = await startHostile({
        after: (_req, answer, res) => {
          if (!String(answer.headers['content-type'] ?? '').includes('json') || answer.body === '') return false;
          res.writeHead(answer.status, answer.headers);
          res.end(`{"__proto__":${answer.body}}`);
          return true;
        },
      });
      const dir = path.join(hostile.dir, 'report');
      const r = await runMeasured(
        ['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'contact.create.*,contact.get.record'],
        { cwd: hostile.dir },
      );
      expect(r.stderr).toBe('');
      expect(r.code).toBe(1);
      expect(
        reportOf(dir)
          .checks.filter((c) => c.status === 'passed')
          .map((c) => c.id),
      ).not.toContain('contact.get.record');
    });
  });
});
