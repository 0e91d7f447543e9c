import { describe, expect, it } from 'vitest';
import { harOf } from '../../lib/report/har.js';
import { MAX_BODY_BYTES } from '../../lib/evidence/truncate.js';
import type { Exchange } from '../../lib/http/exchange.js';

describe('--har', () => {
  it("cuts bodies as the reports' evidence does", () => {
    const big = 'x'.repeat(MAX_BODY_BYTES * 10);
    const ex: Exchange = {
      request: {
        method: 'POST',
        url: 'http://127.0.0.1:1/api/v2/public/contact',
        headers: { 'content-type': 'application/json' },
        body: big,
      },
      response: { status: 201, headers: { 'content-type': 'application/json' }, text: big },
      ms: 1,
      rateLimitRetries: 0,
    };
    const har = harOf([{ index: 0, id: 'x', title: 'x', held: [], exchanges: [ex], spans: [] }], { version: '0' }) as {
      log: { entries: Array<{ request: { postData: { text: string } }; response: { content: { text: string } } }> };
    };
    const entry = har.log.entries[0]!;
    for (const text of [entry.request.postData.text, entry.response.content.text]) {
      expect(Buffer.byteLength(text)).toBeLessThan(MAX_BODY_BYTES + 100);
      expect(text).toMatch(/…\[truncated: \d+ of 81920 bytes cut\]$/);
    }
  });
});
