import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../lib/report/conformance-json.js';
import type { CheckResult } from '../lib/check/result.js';
import { checkKey } from '../lib/catalogue/check-key.js';
import { readLedger, isArchived, isCreated } from '../lib/safety/ledger.js';
import { runInProcess } from './support/in-process.js';
import { hasChromium, launchChromium } from './support/chromium.js';

/**
 * Reports a server's team acts on at once, from one run against a server with three problems: its
 * web framework answers an over-long path id with its own error body at every operation (fault
 * long-id-foreign-error-body), currency amounts come back as numbers (currency-amount-number), and it
 * answers 403, 405 and 406 with codes of its own (a legal choice under one reading of two).
 */
const FAULTS = [
  '--fault',
  'long-id-foreign-error-body',
  '--fault',
  'currency-amount-number',
  '--variation',
  'own-codes-for-unlisted-statuses',
];
let dir: string;
let run: Awaited<ReturnType<typeof runInProcess>>;
let report: ConformanceReport;
const read = (name: string) => readFileSync(path.join(dir, 'report', name), 'utf8');

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'conformance-items-'));
  run = await runInProcess([...FAULTS, '--report-dir', 'report'], dir);
  report = JSON.parse(read('conformance.json')) as ConformanceReport;
}, 300_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('one root cause per rule broken in one way (issue 30 §5)', () => {
  it('an over-long id answered with a foreign error body at every operation is one root cause listing the operations', () => {
    // the operations the suite sends a 300-character id to (robustness.no-5xx: one of each method)
    const sent = [
      'GET /contact/{contact_id}',
      'PATCH /contact/{contact_id}',
      'DELETE /account/{account_id}',
      'POST /opportunity/{opportunity_id}/relationship/{api_name}',
    ];
    // a body that is not the error body at all is one cause, under error.body: its code is no error body's code
    expect(report.rootCauses.filter((c) => c.rule === 'error.code-listed')).toEqual([]);
    for (const rule of ['error.body']) {
      const causes = report.rootCauses.filter((c) => c.rule === rule);
      expect(causes, rule).toHaveLength(1);
      const [cause] = causes;
      expect([...cause!.operations].sort(), rule).toEqual([...sent].sort());
      // the checks it failed, each once
      expect(cause!.checks).toBe(sent.length);
      expect(run.stdout).toContain(`[MUST] ${rule} · ${sent.length} operations · ${sent.length} checks failed: `);
    }
    expect(run.stdout).toMatch(/^ {6}at: GET \/contact\/\{contact_id\}, PATCH \/contact\/\{contact_id\}, /m);
    expect(read('summary.md')).toMatch(
      new RegExp(`^ {2}- at ${sent.length} operations: \`GET /contact/\\{contact_id\\}\`, `, 'm'),
    );
    expect(read('report.html')).toContain(`<details><summary>${sent.length} operations</summary><ul class="ops">`);
  });

  it("the console's endpoint-group lines count the findings filed under each group: they add up to the total", () => {
    const groups = run.lines.filter((l) => /^[✗!–✓] \S+ +\d+ passed, \d+ failed/.test(l));
    expect(groups.length).toBeGreaterThan(20);
    const failed = groups.reduce((n, l) => n + Number(/ (\d+) failed/.exec(l)![1]), 0);
    expect(failed).toBe(report.summary.failed);
    expect(run.stdout).toMatch(/^✗ errors +\d+ passed, \d+ failed \(\d+ met on the way by other checks\), 0 skipped$/m);
  });
});

describe('every finding names the check that found it, and its rerun runs exactly that', () => {
  it('names it in every output, and the rerun runs that one check', async () => {
    // the currency amount as a number, met by the upsert's check on its way (the observer's value.shape)
    const finding = report.checks.find((c) => c.id === 'value.shape' && c.finding) as CheckResult;
    const by = finding.finding!.checks[0]!;
    expect(by).toMatch(/^custom-object\.upsert\.creates: /);
    const key = checkKey('custom-object.upsert.creates', by.slice('custom-object.upsert.creates: '.length));
    expect(finding.rerun).toContain(`--only ${key} `);
    // the console shows one deviation per root cause: this finding's under the failed currency check's
    const deviations = run.lines.slice(run.lines.findIndex((l) => l.startsWith('Deviations')));
    const head = deviations.findIndex((l) => l.startsWith('  ✗ [MUST] value.shape · '));
    expect(deviations.slice(head + 1, head + 4).find((l) => l.startsWith('      also at: '))).toContain(
      finding.endpoint,
    );
    expect(read('summary.md')).toContain(`  - found by: ${by}`);
    expect(read('junit.xml')).toContain(`found by: ${by}`);
    const again = await runInProcess([...FAULTS, '--only', key, '--report-dir', 'rerun'], dir);
    const rerun = JSON.parse(readFileSync(path.join(dir, 'rerun', 'conformance.json'), 'utf8')) as ConformanceReport;
    // exactly that check ran, and met the finding again
    expect(rerun.checks.filter((c) => !c.finding).map((c) => `${c.id}: ${c.title}`)).toEqual([by]);
    expect(rerun.checks.some((c) => c.id === 'value.shape' && c.finding)).toBe(true);
    expect(again.code).toBe(1);
  }, 120_000);
});

describe('strict-reading items apart, amber, each with the other reading', () => {
  it('in the console, summary.md, junit.xml and report.html; never among the deviations', () => {
    const strict = report.checks.filter((c) => c.status === 'failed' && c.reading === 'strict');
    expect(strict.length).toBeGreaterThan(0);
    const other = 'the list of codes describes the codes the spec defines';
    expect(run.stdout).toMatch(/^ {2}~ \[MUST, strict reading\] error\.code-listed-no-fit · /m);
    expect(run.stdout).toMatch(/^ {6}the other reading: \S/m);
    expect(
      run.stdout.slice(run.stdout.indexOf('Deviations:'), run.stdout.indexOf('Under a strict reading')),
    ).not.toContain('error.code-listed-no-fit');
    const md = read('summary.md');
    expect(md).toMatch(/^### Under a strict reading \(\d+\): not deviations without --strict$/m);
    expect(md).toMatch(/^ {2}- the other reading: \S/m);
    const xml = read('junit.xml');
    const strictCases = [
      ...xml.matchAll(
        /<testcase classname="[^"]*" name="error\.code-listed-no-fit: [^"]*"[^>]*>([\s\S]*?)<\/testcase>/g,
      ),
    ];
    expect(strictCases.length).toBeGreaterThan(0);
    for (const [, inner] of strictCases) {
      expect(inner).not.toContain('<failure');
      expect(inner).toContain('<property name="reading" value="strict"/>');
      expect(inner).toMatch(/<property name="otherReading" value="[^"]+"\/>/);
    }
    const html = read('report.html');
    expect(html).toMatch(/<details class="rule strict" id="rule-error\.code-listed-no-fit"/);
    expect(html).toContain('<dt>other reading</dt><dd class="other">');
    expect(other.length).toBeGreaterThan(0);
  });
});

describe('a deviation card a server team acts on', () => {
  it('quotes the sentence broken (not the whole row), with the clause that states the expectation, and the JSON path', () => {
    const html = read('report.html');
    // value.shape's quote joins the rows of every value type: the card quotes the currency row alone
    expect(html).toContain('<code class="row">| currency | object `{ <mark>amount: string</mark> }` |</code>');
    expect(html).toContain('what it asks here: <b>amount: string</b>');
    expect(html).toMatch(/<dt>at<\/dt><dd><code>\/data\/attributes\/\w+\/value\/amount<\/code> in the response body/);
    // no schema message ends in the suite's schema URI
    expect(JSON.stringify(report.checks)).not.toContain('pra.invalid');
  });

  it('says which records the run archived (a reproducer naming them may now answer 404), and how to keep them', () => {
    const c = report.checks.find(
      (x) => x.id === 'value.shape' && x.endpoint === 'POST /account' && x.status === 'failed',
    );
    expect(c?.records?.archived.map((r) => r.type)).toContain('account');
    expect(read('summary.md')).toMatch(/records: the run archived \d+ record\(s\) this check made \(account /);
    expect(read('report.html')).toMatch(
      /the run archived account <span class="id">[0-9a-f-]{36}<\/span> when the check ended/,
    );
  });
});

describe('--keep-failing', () => {
  it("keeps a failing check's records in place (in the ledger, for cleanup), and the report says so", async () => {
    const kept = await runInProcess(
      ['--fault', 'currency-amount-number', '--only', 'value.shape', '--keep-failing', '--report-dir', 'kept'],
      dir,
    );
    expect(kept.code).toBe(1);
    const r = JSON.parse(readFileSync(path.join(dir, 'kept', 'conformance.json'), 'utf8')) as ConformanceReport;
    const c = r.checks.find((x) => x.id === 'value.shape' && x.endpoint === 'POST /account' && x.status === 'failed')!;
    const account = c.records!.kept.find((x) => x.type === 'account')!;
    expect(account).toBeDefined();
    expect(c.records!.archived).toEqual([]);
    const ledger = readLedger(path.join(dir, 'kept', 'ledger.jsonl'));
    expect(ledger.some((l) => isCreated(l) && l.id === account.id)).toBe(true);
    expect(ledger.some((l) => isArchived(l) && l.id === account.id)).toBe(false);
    // the passing checks' records are archived as ever
    expect(ledger.filter(isArchived).length).toBeGreaterThan(0);
    expect(kept.stdout).toMatch(
      /^records may be left: \d+ record\(s\) not archived; run: npx conformance cleanup --ledger /m,
    );
    expect(readFileSync(path.join(dir, 'kept', 'report.html'), 'utf8')).toContain(
      'kept in place for these reproducers (<code>--keep-failing</code>)',
    );
  }, 120_000);
});

// outside CI a machine without chromium skips this; in CI (.ci/run installs it) it must run
describe.skipIf(!hasChromium() && process.env['CI'] === undefined)('report.html in headless chromium', () => {
  it('the root-cause table breaks no word and scrolls nowhere, at 1280 and at 390 px', async () => {
    const browser = await launchChromium();
    try {
      for (const width of [1280, 390]) {
        const page = await browser.context.newPage();
        await page.setViewportSize({ width, height: 800 });
        await page.goto(pathToFileURL(path.join(dir, 'report', 'report.html')).href);
        const scroll = (await page.evaluate('document.documentElement.scrollWidth')) as number;
        expect(scroll, `${width} px`).toBeLessThanOrEqual(width);
        // every word (letters, digits, underscores: "MUST", "failed", "status_code") of the table on one
        // line; a line may break at a space, a <wbr> or punctuation, never inside a word
        const broken = (await page.evaluate(`(() => {
          const out = [];
          const walk = document.createTreeWalker(document.querySelector('table.causes'), NodeFilter.SHOW_TEXT);
          for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            const re = /\\w+/g; let m;
            while ((m = re.exec(n.textContent))) {
              const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
              const lines = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
              if (lines.size > 1) out.push(m[0]);
            }
          }
          return out;
        })()`)) as string[];
        expect(broken, `${width} px`).toEqual([]);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('opening a deviation shows its failing value marked, in view of its body box', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(pathToFileURL(path.join(dir, 'report', 'report.html')).href);
      const rule = page.locator('[id="rule-value.shape"]');
      await rule.locator('summary').first().click();
      const mark = rule.locator('.exchange.failing pre.res mark.at').first();
      await expect(mark.count()).resolves.toBe(1);
      const box = rule.locator('.exchange.failing pre.res').first();
      const [m, b] = [await mark.boundingBox(), await box.boundingBox()];
      expect(m!.y).toBeGreaterThanOrEqual(b!.y);
      expect(m!.y + Math.min(m!.height, 20)).toBeLessThanOrEqual(b!.y + b!.height);
      // the body is long: the value would sit below the fold without the scroll
      const scrolled = await box.evaluate((el: { scrollTop: number }) => el.scrollTop);
      expect(scrolled).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
