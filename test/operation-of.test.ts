import { describe, expect, it } from 'vitest';
import { operationOf } from '../lib/check/finding.js';
import { pathUnderBase, type Exchange } from '../lib/http/exchange.js';
import { OperationIndex } from '../lib/operations/operation-index.js';
import { STATED_OPERATIONS } from '../suites/spec/api-operations.js';

const ID = '0b7e5c1e-7f43-4c1a-9d3e-2f1f6f0c8a11';
const exchange = (method: string, url: string): Exchange => ({
  request: { method, url, headers: {} },
  ms: 0,
  rateLimitRetries: 0,
});

/** operationOf keeps what it worked out per request: the same answer as worked out afresh, for the server asked. */
describe("an exchange's operation, worked out once", () => {
  const a = { baseUrl: 'http://127.0.0.1:1/api/v2/public', operations: STATED_OPERATIONS };
  const b = { baseUrl: 'http://127.0.0.1:1/api', operations: STATED_OPERATIONS };

  it('is the operation under each base URL asked, whichever was asked first', () => {
    const ex = exchange('GET', `http://127.0.0.1:1/api/v2/public/contact/${ID}`);
    expect(operationOf(ex, a)).toBe('GET /contact/{contact_id}');
    expect(operationOf(ex, b)).toBe('GET (unstated route)');
    expect(operationOf(ex, a)).toBe('GET /contact/{contact_id}');
    expect(pathUnderBase(ex, b.baseUrl)).toBe(`/v2/public/contact/${ID}`);
    expect(pathUnderBase(ex, a.baseUrl)).toBe(`/contact/${ID}`);
  });

  it('follows a request whose method or URL is not what it was, and operations of another table', () => {
    const ex = exchange('GET', `http://127.0.0.1:1/api/v2/public/contact/${ID}`);
    expect(operationOf(ex, a)).toBe('GET /contact/{contact_id}');
    ex.request.method = 'PATCH';
    expect(operationOf(ex, a)).toBe('PATCH /contact/{contact_id}');
    ex.request.url = 'http://127.0.0.1:1/api/v2/public/contact';
    expect(operationOf(ex, a)).toBe('PATCH (unstated route)');
    const none = { baseUrl: a.baseUrl, operations: new OperationIndex([]) };
    ex.request.method = 'GET';
    ex.request.url = `http://127.0.0.1:1/api/v2/public/contact/${ID}`;
    expect(operationOf(ex, a)).toBe('GET /contact/{contact_id}');
    expect(operationOf(ex, none)).toBe('GET (unstated route)');
  });
});
