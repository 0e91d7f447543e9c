import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../lib/http/client.js';
import { LinkNotAllowed } from '../../lib/http/link.js';
import { Redactor } from '../../lib/redact/redact.js';
import { STATED_OPERATIONS } from '../../suites/spec/api-operations.js';

const KEY = 'sk_live_stated_link_key_4242';

/** A raw server on 127.0.0.1 that records every request and answers as `answer` says. */
async function recording(
  answer: (url: string) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 }),
): Promise<{ server: Server; host: string; seen: Array<{ url: string; headers: IncomingHttpHeaders }> }> {
  const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const a = answer(req.url ?? '');
    res.writeHead(a.status, { 'content-type': 'text/vtt', ...a.headers });
    res.end('WEBVTT\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, host: `127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function client(baseUrl: string): ApiClient {
  return new ApiClient({
    baseUrl,
    keys: { apiKey: KEY },
    timeoutMs: 2000,
    operations: STATED_OPERATIONS,
    redactor: new Redactor([{ label: '<api-key>', value: KEY }]),
  });
}

/** The key in any form a header or URL could carry it. */
function holdsKey(s: { url: string; headers: IncomingHttpHeaders }): boolean {
  const text = `${s.url} ${JSON.stringify(s.headers)}`;
  return [KEY, encodeURIComponent(KEY), Buffer.from(KEY).toString('base64')].some((k) => text.includes(k));
}

describe('a stated link is followed only where allowed, and never with the key', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  it('a link on the base URL’s origin is fetched without any credential', async () => {
    const base = await recording();
    servers.push(base.server);
    const ex = await client(`http://${base.host}/api/v2/public`).link(`http://${base.host}/files/t?signature=x`);
    expect(ex.response?.status).toBe(200);
    expect(base.seen).toHaveLength(1);
    expect(base.seen[0]!.headers['authorization']).toBeUndefined();
    expect(base.seen.some(holdsKey)).toBe(false);
  });

  it('another host is never requested unless --allow-host names it, and then without the key', async () => {
    const [base, other] = [await recording(), await recording()];
    servers.push(base.server, other.server);
    const api = client(`http://${base.host}/api/v2/public`);
    const link = `http://${other.host}/files/t?signature=x`;
    const refused = await api.link(link).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LinkNotAllowed);
    expect((refused as LinkNotAllowed).allowable).toBe(true);
    expect((refused as LinkNotAllowed).host).toBe(other.host);
    expect(other.seen).toEqual([]);
    const ex = await api.link(link, [other.host]);
    expect(ex.response?.status).toBe(200);
    expect(other.seen).toHaveLength(1);
    expect([...base.seen, ...other.seen].some(holdsKey)).toBe(false);
  });

  it('a redirect off the allowed origins is not followed; other schemes and credentials in the link are refused', async () => {
    const other = await recording();
    const base = await recording(() => ({ status: 302, headers: { location: `http://${other.host}/steal` } }));
    servers.push(base.server, other.server);
    const api = client(`http://${base.host}/api/v2/public`);
    await expect(api.link(`http://${base.host}/files/t`)).rejects.toBeInstanceOf(LinkNotAllowed);
    expect(other.seen).toEqual([]);
    for (const link of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      `http://user:pw@${base.host}/files/t`,
      'not a url',
    ]) {
      const refused = await api.link(link).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(LinkNotAllowed);
      expect((refused as LinkNotAllowed).allowable).toBe(false);
    }
    expect(base.seen).toHaveLength(1);
    expect(base.seen.some(holdsKey)).toBe(false);
  });
});
