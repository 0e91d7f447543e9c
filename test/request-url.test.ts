import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient } from '../lib/http/client.js';
import { pathUnderBase, requestUrl, sentTo, type ExchangeRequest } from '../lib/http/exchange.js';
import { Redactor } from '../lib/redact/redact.js';
import { OperationIndex } from '../lib/operations/operation-index.js';

describe("a request's URL, parsed once", () => {
  it('is the URL the client sent to, read again without parsing', () => {
    const request: ExchangeRequest = { method: 'GET', url: 'http://127.0.0.1:1/api/contact/1?x=1', headers: {} };
    const sent = new URL(request.url);
    sentTo(request, sent);
    expect(requestUrl(request)).toBe(sent);
  });

  it('is parsed again when the request names another URL than the one kept', () => {
    const request: ExchangeRequest = { method: 'GET', url: 'http://127.0.0.1:1/api/contact/1', headers: {} };
    sentTo(request, new URL('http://127.0.0.1:1/api/account/2'));
    expect(requestUrl(request).pathname).toBe('/api/contact/1');
    expect(pathUnderBase({ request, ms: 0, rateLimitRetries: 0 }, 'http://127.0.0.1:1/api/')).toBe('/contact/1');
  });

  it('the server is sent the path and query the exchange records', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
      const client = new ApiClient({
        baseUrl: base,
        operations: new OperationIndex([]),
        keys: { apiKey: 'pra_test_key_0123456789' },
        timeoutMs: 5_000,
        redactor: new Redactor([]),
      });
      const ex = await client.get('/contact/a%20b', { query: { page_size: 2, q: 'x y' } });
      expect(seen).toEqual(['/api/v2/contact/a%20b?page_size=2&q=x+y']);
      expect(ex.request.url).toBe(`${base}/contact/a%20b?page_size=2&q=x+y`);
      expect(requestUrl(ex.request).href).toBe(ex.request.url);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
