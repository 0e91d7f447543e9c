import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReference } from '../reference/index.js';
import { RunCannotStart } from '../lib/config/run-cannot-start.js';
import { redactorFor } from '../lib/redact/redactor-for.js';
import { runRedactor, useRunRedactor } from '../lib/redact/run-redactor.js';
import { errorLine } from '../lib/cli/main.js';
import { runCli, type CliResult } from './support/cli.js';

/**
 * No API key in any report, console line or error message, whatever the failure. The keys are
 * planted everywhere they could leak, and every output is grepped for them:
 * - in every URL: the base URL carries the api key as a path segment (a proxy strips it);
 * - in response headers: the proxy echoes the request's Authorization header and raw URL;
 * - in bodies: every error body's message echoes them too, and contact create answers 200 (a
 *   failed check, so its exchanges, headers and bodies land in the reports as evidence);
 * - in thrown errors: GET of a note kills the connection (a transport failure whose message
 *   names the URL), and a second run points at a closed port (the exit-2 line names the URL).
 */
const KEYS = {
  apiKey: 'pra_leak_A_5e1f0c7a9b',
  otherOrgApiKey: 'pra_leak_B_d2c8e4a613',
  readOnlyApiKey: 'pra_leak_RO_93b7f1e05d',
};

let ref: RunningReference;
let proxy: Server;
let proxyBase: string;

function echoProxy(upstream: URL): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const raw = req.url ?? '/';
    const m = /^\/k\/[^/]+(\/.*)$/.exec(raw);
    const upstreamPath = m ? m[1]! : raw;
    const auth = req.headers['authorization'] ?? '';
    if (req.method === 'GET' && /\/note\/[^/]+$/.test(upstreamPath.split('?')[0]!)) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = { ...req.headers, host: upstream.host };
      const up = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: upstreamPath, headers },
        (ures) => {
          const body: Buffer[] = [];
          ures.on('data', (c: Buffer) => body.push(c));
          ures.on('end', () => {
            let text = Buffer.concat(body).toString('utf8');
            let status = ures.statusCode ?? 500;
            if (req.method === 'POST' && /\/contact$/.test(upstreamPath) && status === 201) status = 200;
            try {
              const json = JSON.parse(text) as Record<string, unknown>;
              if (typeof json['code'] === 'string') {
                json['message'] = `${String(json['message'])} [echo: authorization=${auth} url=${raw}]`;
                // a contact create rejected with another code: a failed check whose evidence holds this body
                if (req.method === 'POST' && /\/contact$/.test(upstreamPath))
                  json['code'] = `echoed_${json['code'] as string}`;
                text = JSON.stringify(json);
              }
            } catch {
              /* not JSON */
            }
            const out: Record<string, string | string[]> = {};
            for (const [k, v] of Object.entries(ures.headers))
              if (v !== undefined && k !== 'content-length' && k !== 'transfer-encoding') out[k] = v;
            out['x-echo-authorization'] = auth;
            out['x-echo-url'] = raw;
            res.writeHead(status, out);
            res.end(text);
          });
        },
      );
      up.on('error', () => res.destroy());
      up.end(Buffer.concat(chunks));
    });
  });
}

const outputs: Array<{ where: string; text: string }> = [];

function collect(where: string, r: CliResult, reportDir: string, extra: string[] = []): void {
  outputs.push({ where: `${where} stdout`, text: r.stdout }, { where: `${where} stderr`, text: r.stderr });
  for (const f of readdirSync(reportDir))
    outputs.push({ where: `${where} ${f}`, text: readFileSync(path.join(reportDir, f), 'utf8') });
  for (const f of extra) outputs.push({ where: `${where} ${path.basename(f)}`, text: readFileSync(f, 'utf8') });
}

const keyArgs = [
  '--api-key',
  KEYS.apiKey,
  '--other-org-api-key',
  KEYS.otherOrgApiKey,
  '--read-only-api-key',
  KEYS.readOnlyApiKey,
];
let main: { r: CliResult; dir: string };

beforeAll(async () => {
  ref = await startReferenceServer({ keys: KEYS });
  proxy = echoProxy(new URL(ref.baseUrl));
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const port = (proxy.address() as AddressInfo).port;
  proxyBase = `http://127.0.0.1:${port}/k/${KEYS.apiKey}${new URL(ref.baseUrl).pathname}`;

  const work = mkdtempSync(path.join(tmpdir(), 'conformance-leaks-'));
  const fixtures = Object.fromEntries(
    Object.entries(ref.fixtures).filter(
      ([k]) => !['baseUrl', 'apiKey', 'otherOrgApiKey', 'readOnlyApiKey'].includes(k),
    ),
  );
  writeFileSync(path.join(work, 'fixtures.json'), JSON.stringify(fixtures));
  const stepSummary = path.join(work, 'step-summary.md');
  const dir = path.join(work, 'report');
  const r = await runCli(
    ['--base-url', proxyBase, ...keyArgs, '--fixtures', path.join(work, 'fixtures.json'), '--report-dir', dir],
    { env: { GITHUB_STEP_SUMMARY: stepSummary, CI: 'true' } },
  );
  main = { r, dir };
  collect('run', r, dir, [stepSummary]);

  // the same keys, the server gone: the exit-2 line names the base URL
  const closed = `http://127.0.0.1:${port}/k/${KEYS.apiKey}/api/v2/public`;
  await new Promise<void>((res) => proxy.close(() => res()));
  const dir2 = path.join(work, 'report-unreachable');
  const r2 = await runCli(['--base-url', closed, ...keyArgs, '--report-dir', dir2]);
  outputs.push({ where: 'unreachable stdout', text: r2.stdout }, { where: 'unreachable stderr', text: r2.stderr });
  expect(r2.code).toBe(2);
  expect(r2.stderr).toContain('/k/<api-key>/api/v2/public');
}, 170_000);

afterAll(async () => {
  await ref?.close();
  if (proxy.listening) await new Promise<void>((r) => proxy.close(() => r()));
});

describe('no API key leaks, whatever the failure', () => {
  it('the planted run failed where the keys were planted, so the reports carry them as evidence', () => {
    expect(main.r.code, main.r.stderr).toBe(1);
    const report = JSON.parse(readFileSync(path.join(main.dir, 'conformance.json'), 'utf8')) as {
      checks: Array<{
        id: string;
        status: string;
        message: string;
        evidence?: Array<{ request: { url: string }; response?: { headers: Record<string, string>; text: string } }>;
      }>;
    };
    // failed and blocked checks both carry their evidence
    const failed = report.checks.filter((c) => c.status === 'failed' || c.status === 'blocked');
    const create = failed.find((c) => c.id === 'contact.create.status-201');
    expect(create?.evidence?.at(-1)?.response?.headers['x-echo-authorization']).toBe('Bearer <api-key>');
    expect(create?.evidence?.at(-1)?.request.url).toContain('/k/<api-key>/');
    // a transport failure: its message names the URL
    expect(failed.some((c) => /connection failed: GET .*\/k\/<api-key>\/.*\/note\//.test(c.message))).toBe(true);
    // echoed error bodies of failed checks
    const echoed = failed
      .flatMap((c) => c.evidence ?? [])
      .map((ex) => ex.response?.text ?? '')
      .filter((t) => t.includes('[echo: authorization='));
    expect(echoed.length).toBeGreaterThan(0);
    expect(
      echoed.every((t) =>
        /\[echo: authorization=(Bearer <(api-key|other-org-api-key|read-only-api-key)>|[^\]]*) url=\/k\/<api-key>\//.test(
          t,
        ),
      ),
    ).toBe(true);
    expect(main.r.stdout).toContain('/k/<api-key>/api/v2/public');
  });

  it('no output holds a key: stdout, stderr, every report file, the step summary', () => {
    expect(outputs.length).toBeGreaterThanOrEqual(9);
    for (const { where, text } of outputs) {
      for (const [name, key] of Object.entries(KEYS)) expect(text.includes(key), `${name} in ${where}`).toBe(false);
    }
  });

  it('the exit-2 line redacts a key carried by any error, including an internal one', () => {
    const before = runRedactor();
    try {
      useRunRedactor(redactorFor(KEYS));
      expect(errorLine(new Error(`boom at http://h/k/${KEYS.apiKey}/x with Bearer ${KEYS.readOnlyApiKey}`))).toMatch(
        /^conformance: internal error: Error: boom at http:\/\/h\/k\/<api-key>\/x with Bearer <read-only-api-key>/,
      );
      expect(errorLine(new RunCannotStart(`rejected ${KEYS.otherOrgApiKey}`))).toBe(
        'conformance: rejected <other-org-api-key>',
      );
      expect(errorLine(`thrown string ${KEYS.apiKey}`)).toBe('conformance: internal error: thrown string <api-key>');
    } finally {
      useRunRedactor(before);
    }
  });
});
