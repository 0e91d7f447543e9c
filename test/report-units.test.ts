import { describe, expect, it } from 'vitest';
import { certificateOf, fingerprintOf } from '../lib/report/certificate.js';
import type { CheckResult } from '../lib/check/result.js';
import { conformanceReport, trafficCounts } from '../lib/report/conformance-json.js';
import { MAX_BODY_BYTES, reportExchange, truncateBody } from '../lib/evidence/truncate.js';
import { junitXml, xmlEscape } from '../lib/report/junit.js';
import { reportHtml } from '../lib/report/html.js';
import { summaryMarkdown } from '../lib/report/summary-md.js';
import { badgeSvg } from '../lib/report/badge.js';
import { liveLine, painted, READABLE_WIDTH } from '../lib/report/console.js';
import { colourWanted } from '../lib/config/ci-env.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';

const check = (id: string, status: CheckResult['status'], o: Partial<CheckResult> = {}): CheckResult => ({
  id,
  level: 'MUST',
  status,
  title: `title of ${id}`,
  endpoint: 'POST /contact',
  message: status === 'skipped' ? 'no fixture contact.stage' : '',
  group: 'contacts',
  section: 'Endpoints › Contacts',
  quote: 'the spec says so',
  ...o,
});

const RUN = {
  runId: 'cr-x',
  target: 'http://server/api/v2/public',
  embedded: false,
  seed: 1,
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1000,
  suiteVersion: '0.1.0',
};

describe('the certificate', () => {
  const checks = [
    check('a.one', 'passed'),
    check('b.two', 'passed', { level: 'SHOULD' }),
    check('c.three', 'skipped'),
    check('a.one', 'passed', { title: 'second check of a.one' }),
  ];

  it('fingerprints the outcomes: stable whatever the order, different when one status changes', () => {
    const fp = fingerprintOf(checks);
    expect(fp).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintOf([...checks].reverse())).toBe(fp);
    expect(fingerprintOf(checks.map((c) => ({ ...c, message: 'other', evidence: [] })))).toBe(fp);
    expect(fingerprintOf(checks.map((c, i) => (i === 1 ? { ...c, status: 'failed' as const } : c)))).not.toBe(fp);
    expect(fingerprintOf(checks.map((c, i) => (i === 0 ? { ...c, title: 'renamed' } : c)))).not.toBe(fp);
  });

  it('incomplete when a MUST check was skipped, with scores and skips; a SHOULD deviation does not change it', () => {
    const c = certificateOf([...checks, check('d.four', 'failed', { level: 'SHOULD' })], CATALOGUE, {
      suiteVersion: '0.1.0',
      target: 't',
      date: 'd',
    });
    expect(c).toMatchObject({
      verdict: 'incomplete',
      completeness: { mustChecks: 3, mustRan: 2, mustSkipped: 1, mustBlocked: 0, mustRulesLeftOut: 0 },
      specVersion: 'v2',
      must: { passed: 2, total: 3 },
      should: { passed: 1, total: 2 },
      skipped: [{ id: 'c.three', reason: 'no fixture contact.stage' }],
    });
    expect(
      certificateOf([check('a', 'failed')], CATALOGUE, { suiteVersion: '0.1.0', target: 't', date: 'd' }).verdict,
    ).toBe('does not conform');
  });

  it('badge.svg of a conforming run is green and says so', () => {
    const svg = badgeSvg(
      certificateOf([check('a', 'passed'), check('b', 'passed')], CATALOGUE, {
        suiteVersion: '0.1.0',
        target: 't',
        date: 'd',
      }),
    );
    expect(svg).toContain('>conforms 2/2 MUST</text>');
    expect(svg).toContain('#2e7d32');
  });
});

describe('evidence truncation', () => {
  it(`keeps bodies up to ${MAX_BODY_BYTES} bytes and cuts longer ones with a marker saying how much`, () => {
    expect(truncateBody('x'.repeat(MAX_BODY_BYTES))).toBe('x'.repeat(MAX_BODY_BYTES));
    const cut = truncateBody('y'.repeat(20_000));
    expect(cut).toBe(`${'y'.repeat(MAX_BODY_BYTES)}…[truncated: ${20_000 - MAX_BODY_BYTES} of 20000 bytes cut]`);
  });

  it('never splits a multi-byte character', () => {
    const cut = truncateBody('é'.repeat(5000)); // 10000 bytes
    expect(cut).toMatch(/^é+…\[truncated: \d+ of 10000 bytes cut\]$/);
    expect(cut).not.toContain('\uFFFD');
  });

  it('applies to the request body and the response text, and drops the parsed body', () => {
    const big = JSON.stringify({ data: 'z'.repeat(30_000) });
    const ex = reportExchange({
      request: { method: 'POST', url: 'u', headers: {}, body: big },
      response: { status: 200, headers: {}, text: big, json: JSON.parse(big) as unknown },
      ms: 1,
      rateLimitRetries: 0,
    });
    expect(ex.request.body).toContain('…[truncated:');
    expect(ex.response!.text).toContain('…[truncated:');
    expect(ex.response).not.toHaveProperty('json');
  });
});

describe('escaping', () => {
  const nasty = `<script>alert("x")</script> & 'q' ]]> \u0001 | pipe\nnewline`;
  const failed = check('a.one', 'failed', {
    title: nasty,
    expected: nasty,
    actual: nasty,
    evidence: [
      {
        request: { method: 'GET', url: `http://s/?q=${nasty}`, headers: { 'x-h': nasty } },
        response: { status: 500, headers: {}, text: nasty },
        ms: 1,
        rateLimitRetries: 0,
      },
    ],
  });
  const report = conformanceReport(
    [failed, check('b', 'skipped', { message: nasty })],
    RUN,
    {
      successStatuses: [],
      errorCodes: [],
    },
    CATALOGUE,
  );

  it('junit.xml escapes attributes and text, and drops characters XML cannot carry', () => {
    const xml = junitXml(report);
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('\u0001');
    expect(xml).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;q&apos;');
    expect(xmlEscape('a\nb')).toBe('a&#10;b');
  });

  it('report.html escapes every server-supplied string', () => {
    const html = reportHtml(report);
    expect(html.match(/<script>/g)).toHaveLength(1); // its own
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;');
  });

  it('summary.md keeps each deviation on its line, pipes escaped; the exchange only inside a fence it cannot close', () => {
    const md = summaryMarkdown(report);
    // outside code fences no server text is HTML (a fence is shown as text: CommonMark escapes it)
    const fences = [...md.matchAll(/^ {2}(`{3,})http\n([\s\S]*?)\n {2}\1$/gm)];
    expect(fences).toHaveLength(1);
    expect(fences[0]![2]).toContain('<script>');
    expect(md.replace(fences[0]![0], '')).not.toContain('<script>');
    expect(md).toContain('\\| pipe newline');
    // a body holding a fence gets a longer one
    const sneaky = check('c.two', 'failed', {
      evidence: [
        {
          request: { method: 'GET', url: 'http://s/', headers: {} },
          response: { status: 500, headers: {}, text: '```\n</details><script>x</script>' },
          ms: 1,
          rateLimitRetries: 0,
        },
      ],
    });
    const md2 = summaryMarkdown(conformanceReport([sneaky], RUN, { successStatuses: [], errorCodes: [] }, CATALOGUE));
    expect(md2).toContain('  ````http\n');
    // the server's </details> stays inside the fence: only the reproducer's own closes (indented), and the groups' fold
    expect(md2.split('\n').filter((l) => l === '  </details>')).toHaveLength(1);
    expect(md2.split('\n').filter((l) => l.trim() === '</details>')).toHaveLength(2);
  });
});

describe('summary.md size', () => {
  it('gives the first deviations their exchange and curl line, and says where the others are', () => {
    const evidence = [
      {
        request: { method: 'GET', url: 'http://s/x', headers: {} },
        response: { status: 500, headers: {}, text: 'y'.repeat(5000) },
        ms: 1,
        rateLimitRetries: 0,
        curl: "curl -sS -i 'http://s/x'",
      },
    ];
    const many = Array.from({ length: 60 }, (_, i) =>
      check(`r.${String(i).padStart(2, '0')}`, 'failed', { expected: 'e', actual: 'a', evidence }),
    );
    const md = summaryMarkdown(conformanceReport(many, RUN, { successStatuses: [], errorCodes: [] }, CATALOGUE));
    // as many reproducers as half the summary's budget holds, at most 20
    const shown = md.match(/<details><summary>GET/g)?.length ?? 0;
    expect(shown).toBeGreaterThanOrEqual(10);
    expect(shown).toBeLessThanOrEqual(20);
    expect(md).toContain(
      `The exchanges of the deviations past the first ${shown} are in conformance.json and report.html.`,
    );
    for (let i = 0; i < 60; i++) expect(md).toContain(`\`r.${String(i).padStart(2, '0')}\``);
    // bodies cut at 2000 characters in the summary
    expect(md).toContain(`${'y'.repeat(2000)}\n  …[3000 more characters in conformance.json]`);
  });
});

describe('summary.md leads, and stays under 64 KB', () => {
  const evidence = [
    {
      request: { method: 'GET', url: 'http://s/x', headers: {} },
      response: { status: 500, headers: {}, text: 'z'.repeat(3000) },
      ms: 1,
      rateLimitRetries: 0,
      curl: "curl -sS -i 'http://s/x'",
    },
  ];
  const many = Array.from({ length: 900 }, (_, i) =>
    check(`r.${String(i).padStart(3, '0')}`, 'failed', {
      expected: 'e'.repeat(150),
      actual: 'a'.repeat(150),
      evidence,
    }),
  );
  const md = summaryMarkdown(conformanceReport(many, RUN, { successStatuses: [], errorCodes: [] }, CATALOGUE), {
    runUrl: 'https://github.com/o/r/actions/runs/7',
  });

  it('is under 64 KB for 900 deviations, and says where the rest is', () => {
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(64_000);
    expect(md).toMatch(/… and \d+ more in report\.html and conformance\.json/);
  });

  it("puts the root causes before the first deviation, and links the run's artifacts", () => {
    expect(md.indexOf('### Root causes')).toBeGreaterThan(0);
    expect(md.indexOf('### Root causes')).toBeLessThan(md.indexOf('### New deviations'));
    expect(md).toContain('the artifacts of [this run](https://github.com/o/r/actions/runs/7)');
  });

  it('marks known deviations apart from new ones, with their entry', () => {
    const known = check('r.known', 'failed', {
      expected: 'e',
      actual: 'a',
      baselined: true,
      knownAs: { reason: 'vendor bug', ticket: 'T-1', expires: '2027-01-01' },
    });
    const text = summaryMarkdown(
      conformanceReport(
        [known, check('r.new', 'failed', { expected: 'e', actual: 'a' })],
        RUN,
        {
          successStatuses: [],
          errorCodes: [],
        },
        CATALOGUE,
      ),
    );
    expect(text).toMatch(/### New deviations \(1\)[\s\S]*`r\.new`/);
    expect(text).toContain('Known deviations (1)');
    expect(text).toMatch(/`r\.known`.*known: vendor bug \(T-1\), until 2027-01-01/);
  });
});

describe('the console', () => {
  it('colours by the mark the suite put, never by server text; NO_COLOR and FORCE_COLOR decide', () => {
    expect(painted('  ✗ [MUST] contact.create.status-201 · POST /contact')).toBe(
      '  \x1b[31m✗\x1b[0m [MUST] contact.create.status-201 · POST /contact',
    );
    // eslint-disable-next-line no-control-regex -- the colour escapes are what is tested
    expect(painted('verdict: conforms (no MUST-level deviation)')).toMatch(/^\x1b\[32m\x1b\[1mverdict: conforms/);
    expect(painted('      expected HTTP 201; got ✗ HTTP 200')).toBe('      expected HTTP 201; got ✗ HTTP 200');
    expect(colourWanted({}, true)).toBe(true);
    expect(colourWanted({}, false)).toBe(false);
    expect(colourWanted({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colourWanted({ FORCE_COLOR: '1', NO_COLOR: '1' }, false)).toBe(true);
    expect(colourWanted({ FORCE_COLOR: '0' }, false)).toBe(false);
  });

  it('a TTY gets one progress line redrawn in place, erased before normal lines', () => {
    const out: string[] = [];
    const live = liveLine((s) => out.push(s), 80, 0);
    live.update('contacts 1/22…');
    live.update('contacts 2/22…');
    live.clear();
    live.clear();
    expect(out).toEqual(['\r\x1b[2Kcontacts 1/22…', '\r\x1b[2Kcontacts 2/22…', '\r\x1b[2K']);
  });

  it('the live line is never cut below a readable width, whatever width the terminal reports (0 on a pseudo-terminal)', () => {
    const text = 'x'.repeat(200);
    for (const columns of [0, 5, undefined]) {
      const out: string[] = [];
      liveLine((s) => out.push(s), columns, 0).update(text);
      expect(out[0]!.length - '\r\x1b[2K'.length).toBeGreaterThanOrEqual(READABLE_WIDTH);
    }
    const wide: string[] = [];
    liveLine((s) => wide.push(s), 120, 0).update(text);
    expect(wide[0]).toBe(`\r\x1b[2K${'x'.repeat(119)}`);
  });
});

describe('traffic counts', () => {
  it('counts every attempt as sent and every attempt after a 429 as a retry', () => {
    const t = (status: number, rateLimitRetries: number) => ({
      endpoint: 'GET /note/{note_id}',
      status,
      emptyBody: false,
      rateLimitRetries,
    });
    // one request answered 429 twice, then 200; another answered 200 at once
    expect(trafficCounts([t(429, 0), t(429, 1), t(200, 2), t(200, 0)])).toEqual({
      requestsSent: 4,
      rateLimitRetries: 2,
    });
    expect(trafficCounts([t(200, 0)], 3)).toEqual({ requestsSent: 4, rateLimitRetries: 0 });
  });
});
