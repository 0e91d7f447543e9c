import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFORMANCE_REPORT_SCHEMA } from '../lib/report/conformance-report.schema.js';
import { fingerprintOf } from '../lib/report/certificate.js';
import type { ConformanceReport } from '../lib/report/conformance-json.js';
import { REPORT_FILES } from '../lib/report/write-all.js';
import { reportHtml } from '../lib/report/html.js';
import { checkKey } from '../lib/catalogue/check-key.js';
import type { CliResult } from './support/cli.js';
import { runCliInProcess } from './support/in-process.js';
import { hasChromium, launchChromium } from './support/chromium.js';

/**
 * Every report file of ONE failing run (`--fault contact-create-200`: contact create answers 200),
 * with GITHUB_STEP_SUMMARY pointing at a file that already has a line in it.
 */
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const FAILED_ID = 'contact.create.status-201';

let dir: string;
let stepSummary: string;
let run: CliResult;
let report: ConformanceReport;
const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'conformance-report-'));
  stepSummary = path.join(dir, '..', `${path.basename(dir)}-step-summary.md`);
  writeFileSync(stepSummary, '# earlier step\n');
  run = await runCliInProcess(['--fault', 'contact-create-200', '--report-dir', dir], {
    env: { GITHUB_STEP_SUMMARY: stepSummary, CI: 'true' },
  });
  report = JSON.parse(read('conformance.json')) as ConformanceReport;
}, 170_000);

describe('one failing run', () => {
  it('exits 1 and writes every report file, naming them on the console', () => {
    expect(run.code, run.stderr).toBe(1);
    for (const f of REPORT_FILES) expect(read(f).length).toBeGreaterThan(0);
    expect(run.stdout).toMatch(
      /^report: \/.*conformance\.json, junit\.xml, summary\.md, report\.html, badge\.svg, certificate\.json$/m,
    );
    // CI (no TTY): one line per endpoint group, nothing redrawn in place
    expect(run.stdout).not.toContain('\r');
    expect(run.stdout).toMatch(/^✗ contacts +\d+ passed, 1 failed, 0 skipped$/m);
  });
});

describe('conformance.json', () => {
  it('is valid against the published schema', () => {
    const ajv = addFormats(new Ajv2020({ allErrors: true, strict: true }), ['date-time']);
    const validate = ajv.compile(CONFORMANCE_REPORT_SCHEMA);
    expect(validate(report), ajv.errorsText(validate.errors)).toBe(true);
  });

  it('keeps the contract: summary counts and one entry per check', () => {
    const { summary, checks } = report;
    expect(summary.total).toBe(checks.length);
    expect(summary.passed + summary.failed + summary.skipped + summary.blocked).toBe(summary.total);
    expect(summary.failed).toBe(checks.filter((c) => c.status === 'failed').length);
  });

  it('times every check that ran (a check skipped before it ran has no time)', () => {
    const ran = report.checks.filter((c) => c.status !== 'skipped');
    expect(ran.length).toBeGreaterThan(0);
    for (const c of ran) expect(c.durationMs, `${c.id}: ${c.title}`).toBeGreaterThanOrEqual(0);
    // the durations are measured, not defaulted: checks that send requests take some time
    expect(ran.some((c) => (c.durationMs ?? 0) > 0)).toBe(true);
  });

  it('gives a failed check its rule section and quote, expected vs actual, and the exchanges', () => {
    const c = report.checks.find((x) => x.id === FAILED_ID && x.status === 'failed')!;
    expect(c).toBeDefined();
    expect(c.group).toBe('contacts');
    expect(c.section).toMatch(/Contacts/);
    expect(c.quote).toContain('201');
    expect(c.expected).toBe('HTTP 201');
    expect(c.actual).toBe('HTTP 200');
    const ex = c.evidence!.at(-1)!;
    expect(ex.request.method).toBe('POST');
    expect(ex.request.url).toMatch(/\/api\/v2\/public\/contact$/);
    expect(ex.request.headers['authorization']).toBe('Bearer <api-key>');
    expect(ex.request.body).toContain('attributes');
    expect(ex.response!.status).toBe(200);
    expect(ex.response!.headers['content-type']).toMatch(/json/);
    expect(ex.response!.text).toContain('"data"');
    // the exchange the failure was found in, a curl line for each exchange, and the rerun command
    expect(c.evidence![c.failedExchange!]).toEqual(ex);
    for (const x of c.evidence!) expect(x.curl).toMatch(/^curl -sS -i /);
    expect(ex.curl).toContain(`-H 'authorization: Bearer '"$CONFORMANCE_API_KEY"`);
    expect(ex.curl).not.toContain('<api-key>');
    // exactly that check: its key, the rule and a hash of its title
    const key = checkKey(FAILED_ID, c.title).replace(/\./g, '\\.');
    expect(c.rerun).toMatch(
      new RegExp(
        `^npx conformance --fault contact-create-200 --only ${key} --seed ${report.run.seed} --report-dir \\S+/rerun-${key.replace('@', '_')}$`,
      ),
    );
    // passed checks carry no evidence
    expect(report.checks.filter((x) => x.status === 'passed' && x.evidence)).toEqual([]);
  });

  it('carries the run metadata and an empty leftovers list on the embedded server', () => {
    const r = report.run;
    expect(r.runId).toMatch(/^cr-/);
    expect(r.target).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2\/public$/);
    expect(Date.parse(r.startedAt)).not.toBeNaN();
    expect(r.durationMs).toBeGreaterThan(0);
    expect(r.suiteVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.requestsSent).toBeGreaterThan(report.summary.total);
    expect(r.rateLimitRetries).toBe(0);
    expect(Array.isArray(report.leftovers)).toBe(true);
  });

  it('states one number of requests everywhere: every request the run sent, probe to audit', () => {
    const total = report.requests.total;
    expect(total).toBeGreaterThan(report.run.requestsSent);
    expect(read('summary.md')).toContain(` · ${total} requests (`);
    expect(read('report.html')).toContain(` · ${total} requests, `);
  });

  it('certifies: verdict, MUST and SHOULD scores, and a fingerprint recomputable from the checks', () => {
    const c = report.certificate;
    expect(c.specVersion).toBe('v2');
    expect(c.verdict).toBe('does not conform');
    expect(c.target).toBe(report.run.target);
    expect(c.date).toBe(report.run.startedAt);
    const must = report.checks.filter((x) => x.level === 'MUST');
    const n = (st: string) => must.filter((x) => x.status === st).length;
    expect(c.must).toEqual({
      passed: n('passed'),
      failed: n('failed'),
      blocked: n('blocked'),
      skipped: n('skipped'),
      total: must.length,
    });
    expect(c.completeness).toEqual({
      mustChecks: must.length,
      mustRan: n('passed') + n('failed'),
      mustSkipped: 0,
      mustBlocked: n('blocked'),
      mustNotApplicable: n('not applicable'),
      mustRulesLeftOut: 0,
      interrupted: false,
    });
    expect(c.must.passed).toBe(c.must.total - report.summary.mustFailed - report.summary.mustBlocked);
    expect(c.should.total).toBe(report.checks.length - must.length);
    expect(c.skipped).toEqual([]);
    expect(c.fingerprint).toBe(fingerprintOf(report.checks));
  });
});

describe('junit.xml', () => {
  it('has one testcase per check, classname = endpoint group, a failure with expected vs actual', () => {
    const xml = read('junit.xml');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    // the verdict first, as a testsuite of its own; then one testcase per check
    expect(xml).toContain(
      '<testcase classname="verdict" name="verdict: does not conform">\n      <failure message="does not conform: 1 MUST-level deviation(s)" type="verdict"/>',
    );
    const cases = [...xml.matchAll(/<testcase classname="(?!verdict")([^"]*)" name="([^"]*)"( time="(\d+\.\d{3})")?/g)];
    expect(cases).toHaveLength(report.summary.total);
    // CI systems show each testcase's time: every check that ran has one, in seconds
    const timed = cases.filter((m) => m[4] !== undefined);
    expect(timed).toHaveLength(report.checks.filter((c) => c.durationMs !== undefined).length);
    expect(new Set(cases.map((m) => m[1]))).toEqual(new Set(report.checks.map((c) => c.group)));
    expect(xml.match(/<failure /g)).toHaveLength(report.summary.failed + 1);
    expect(xml).toMatch(
      new RegExp(
        `<testcase classname="contacts" name="${FAILED_ID.replace(/\./g, '\\.')}: a valid create answers 201" time="\\d+\\.\\d{3}">`,
      ),
    );
    expect(xml).toContain('<failure message="expected HTTP 201; got HTTP 200" type="MUST">');
    // nothing unescaped: every & starts an entity, no < inside an attribute
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/);
    expect(xml).not.toMatch(/="[^"]*</);
  });
});

describe('summary.md', () => {
  it('has the verdict, a table per endpoint group and the deviations with rule ids', () => {
    const md = read('summary.md');
    expect(md).toMatch(/^## Public Records API v2 conformance: ❌ does not conform$/m);
    expect(md).toContain('| endpoint group | passed | failed | skipped | blocked |');
    expect(md).toMatch(/^\| ❌ contacts \| \d+ \| 1 \| 0 \| \d+ \|$/m);
    expect(md).toMatch(/^\| ✅ accounts \| \d+ \| 0 \| 0 \| 0 \|$/m);
    expect(md).toContain(`- **MUST** \`${FAILED_ID}\` (POST /contact): a valid create answers 201`);
    expect(md).toContain('  - expected: HTTP 201\n  - actual: HTTP 200');
    // the deviation's failing exchange and its curl line, folded
    const c = report.checks.find((x) => x.id === FAILED_ID)!;
    expect(md).toContain(`  - rerun: \`${c.rerun}\``);
    expect(md).toContain(
      '  <details><summary>POST /api/v2/public/contact → HTTP 200: the exchange and a curl command that sends it again</summary>',
    );
    expect(md).toContain(`  \`\`\`sh\n  ${c.evidence![c.failedExchange!]!.curl}\n  \`\`\``);
    expect(md).toMatch(/```http\n {2}POST http:\/\/127\.0\.0\.1:\d+\/api\/v2\/public\/contact\n/);
  });

  it('is appended to $GITHUB_STEP_SUMMARY, after what was there', () => {
    const text = readFileSync(stepSummary, 'utf8');
    expect(text.startsWith('# earlier step\n## Public Records API v2 conformance')).toBe(true);
    expect(text).toContain(read('summary.md'));
  });
});

describe('badge.svg', () => {
  it('shows the verdict and the MUST score, with no external resource', () => {
    const svg = read('badge.svg');
    const { must } = report.certificate;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /);
    expect(svg).toContain('>PRA v2</text>');
    expect(svg).toContain(`>does not conform ${must.passed}/${must.total} MUST</text>`);
    expect(svg).toContain('#c62828');
    expect(svg).not.toMatch(/href|@import|url\(/);
  });
});

// outside CI a machine without chromium skips this; in CI (.ci/run installs it) it must run
describe.skipIf(!hasChromium() && process.env['CI'] === undefined)('report.html in headless chromium', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('leads with what to fix: the first failure without scrolling, its curl line, a search kept in the hash, no request', async () => {
    const html = read('report.html');
    expect(html).not.toMatch(/<(link|img|iframe)\b|src=|https?:\/\/(?!127\.0\.0\.1|www\.w3\.org)/);
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 720 });
    const requests: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith('file:')) requests.push(r.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const url = pathToFileURL(path.join(dir, 'report.html')).href;
    await page.goto(url);

    // the first failure: a MUST rule row, in the first screen, folded
    const first = page.locator('#fix details.rule').first();
    await expect(first.getAttribute('id')).resolves.toBe(`rule-${FAILED_ID}`);
    const box = await first.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(720);
    await expect(first.innerText()).resolves.toContain('expected HTTP 201; got HTTP 200');
    const curl = first.locator('.curl code').first();
    await expect(curl.isVisible()).resolves.toBe(false);

    // expanding it shows the evidence and the curl line, the key as its variable
    await first.locator('summary').first().click();
    await expect(curl.isVisible()).resolves.toBe(true);
    const command = await curl.innerText();
    expect(command).toMatch(/^curl -sS -i -X 'POST' 'http:\/\/127\.0\.0\.1:\d+\/api\/v2\/public\/contact' /);
    expect(command).toContain(`-H 'authorization: Bearer '"$CONFORMANCE_API_KEY"`);
    const text = await first.locator('.evidence').first().innerText();
    expect(text).toContain('Endpoints › Contacts');
    expect(text).toMatch(/expected\s+HTTP 201/);
    expect(text).toMatch(/actual\s+HTTP 200/);
    expect(text).toContain(`--only ${checkKey(FAILED_ID, 'a valid create answers 201')} --seed ${report.run.seed}`);
    expect(text).toMatch(/#1 POST http:\/\/127\.0\.0\.1:\d+\/api\/v2\/public\/contact → HTTP 200/);

    // passed checks are folded away; the matrix counts every group
    await expect(page.locator('#shown').textContent()).resolves.toBe(
      `showing ${report.summary.total} of ${report.summary.total} checks`,
    );
    await expect(page.locator('#all details.passed[open]').count()).resolves.toBe(0);
    await expect(page.locator('#all .row.passed').first().isVisible()).resolves.toBe(false);
    await expect(page.locator('#matrix tr[data-group="contacts"] td.n-failed').textContent()).resolves.toBe('1');

    // the search filters by rule id, and the hash keeps it
    const matching = report.checks.filter((c) =>
      [c.id, c.endpoint, c.title, c.message, c.group].join(' ').toLowerCase().includes(FAILED_ID),
    ).length;
    expect(matching).toBeGreaterThan(0);
    expect(matching).toBeLessThan(report.summary.total);
    await page.fill('#q', FAILED_ID);
    await expect(page.locator('#all .row:not([hidden])').count()).resolves.toBe(matching);
    await expect(page.locator('#shown').textContent()).resolves.toBe(
      `showing ${matching} of ${report.summary.total} checks`,
    );
    expect(new URL(page.url()).hash).toBe(`#q=${FAILED_ID}`);
    const linked = await browser.context.newPage();
    await linked.goto(`${url}#q=${FAILED_ID}`);
    await expect(linked.inputValue('#q')).resolves.toBe(FAILED_ID);
    await expect(linked.locator('#all .row:not([hidden])').count()).resolves.toBe(matching);

    // status filters: only failed and blocked checks
    await page.fill('#q', '');
    await page.uncheck('input[name=status][value=passed]');
    await page.uncheck('input[name=status][value=skipped]');
    await expect(page.locator('#all .row:not([hidden])').count()).resolves.toBe(
      report.summary.failed + report.summary.blocked,
    );
    await page.uncheck('input[name=level][value=MUST]');
    await expect(page.locator('#fix details.rule:not([hidden])').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('fits the page at 1280 and 390 px, a long generated input included; statuses coloured by expectation', async () => {
    // a failed check whose actual is one 3,000-character token, as a generated input can be
    const long = 'x'.repeat(3000);
    const checks = report.checks.map((c) =>
      c.id === FAILED_ID ? { ...c, actual: `${c.actual ?? ''} ${long}`, message: `${c.message} ${long}` } : c,
    );
    const file = path.join(dir, 'long-report.html');
    writeFileSync(file, reportHtml({ ...report, checks }));
    for (const width of [1280, 390]) {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width, height: 800 });
      await page.goto(pathToFileURL(file).href);
      await page.locator('#fix details.rule').first().locator('summary').first().click();
      const scroll = (await page.evaluate('document.documentElement.scrollWidth')) as number;
      expect(scroll, `${width} px`).toBeLessThanOrEqual(width);
      // a deep link lands with its heading below the sticky bar
      await page.goto(`${pathToFileURL(file).href}#all`);
      const [bar, heading] = await Promise.all([
        page.locator('#bar').boundingBox(),
        page.locator('#all h2').boundingBox(),
      ]);
      expect(heading!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height - 1);
      await page.close();
    }
    const page = await browser.context.newPage();
    await page.goto(pathToFileURL(file).href);
    // the 200 that is the deviation is red, not green
    await expect(page.locator('#fix .exchange.failing .http').first().getAttribute('class')).resolves.toBe(
      'http unexpected',
    );
    // a search updates the headings' counts
    await page.fill('#q', FAILED_ID);
    await expect(page.locator('#all section.group .cnt').first().textContent()).resolves.toMatch(/^ \(\d+ shown\)$/);
    await page.close();
  });

  it('junit.xml parses as XML (DOMParser)', async () => {
    const page = await browser.context.newPage();
    // run in the page (the project's own types have no DOM): the browser's XML parser
    const out = (await page.evaluate(`(() => {
      const doc = new DOMParser().parseFromString(${JSON.stringify(read('junit.xml'))}, 'application/xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        cases: doc.querySelectorAll('testsuite > testcase').length,
        failures: [...doc.querySelectorAll('testcase > failure')].map((f) => f.parentElement.getAttribute('classname') + '|' + f.getAttribute('message')),
      };
    })()`)) as { error: string | null; cases: number; failures: string[] };
    expect(out.error).toBeNull();
    expect(out.cases).toBe(report.summary.total + 1);
    expect(out.failures).toContain('contacts|expected HTTP 201; got HTTP 200');
  });
});
