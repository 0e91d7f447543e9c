import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedRun } from './support/shared-run.js';
import { hasChromium, launchChromium } from './support/chromium.js';
import { RULES } from '../suites/spec/rules/catalogue.js';
import type { Matrix } from '../lib/matrix/matrix.js';
import { runCliInProcess } from './support/in-process.js';

const work = mkdtempSync(path.join(tmpdir(), 'conformance-matrix-'));
// the three runs' report folders (shared runs: read, never written)
const dirs = new Map<string, string>();
const dir = (name: string) => dirs.get(name)!;
const FAILED = 'contact.create.status-201';
const STRICT = 'error.code-listed-no-fit';

beforeAll(async () => {
  // three implementations: a conforming one, one with a fault, one with that fault and another
  const runs = await Promise.all([
    sharedRun([]),
    sharedRun(['--fault', 'contact-create-200']),
    // and a server that makes the other reading's choice of a strict-reading rule
    sharedRun([
      '--fault',
      'contact-create-200',
      '--fault',
      'bad-uuid-500',
      '--variation',
      'own-codes-for-unlisted-statuses',
    ]),
  ]);
  ['clean', 'one', 'two'].forEach((name, i) => dirs.set(name, runs[i]!.dir));
  expect(runs.map((r) => r.code)).toEqual([0, 1, 1]);
}, 300_000);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('npx conformance matrix: report folders side by side, rule by rule', () => {
  it('scores each implementation and marks each rule; a rule failing everywhere is flagged', async () => {
    const r = await runCliInProcess([
      'matrix',
      dir('clean'),
      dir('one'),
      dir('two'),
      '--out',
      path.join(work, 'out', 'matrix.html'),
    ]);
    expect(r.code, r.stderr).toBe(0);
    const m = JSON.parse(readFileSync(path.join(work, 'out', 'matrix.json'), 'utf8')) as Matrix;
    expect(m.implementations.map((i) => i.verdict)).toEqual(['conforms', 'does not conform', 'does not conform']);
    expect(m.implementations[0]!.score.passed).toBe(m.implementations[0]!.score.tested);
    expect(m.implementations[2]!.score.passed).toBeLessThan(m.implementations[1]!.score.passed);
    expect(m.rules.map((x) => x.id)).toEqual(Object.keys(RULES));
    expect(m.rules.find((x) => x.id === FAILED)).toMatchObject({
      outcomes: ['passed', 'failed', 'failed'],
      differs: true,
      failsEverywhere: false,
    });
    // a rule failed only under a strict reading is a state of its own, counted in no score
    expect(m.rules.find((x) => x.id === STRICT)).toMatchObject({ outcomes: ['passed', 'passed', 'strict'] });
    const two = m.implementations[2]!;
    expect(two.score.tested).toBe(m.implementations[1]!.score.tested - 1);
    expect(two.host).toMatch(/^127\.0\.0\.1:\d+$/);
    const both = await runCliInProcess([
      'matrix',
      dir('one'),
      dir('two'),
      '--out',
      path.join(work, 'out2', 'matrix.html'),
    ]);
    expect(both.stdout).toContain(`failing on every implementation (check the spec and the suite): ${FAILED}`);
  });

  it.skipIf(!hasChromium() && process.env['CI'] === undefined)(
    'is a self-contained page whose failed cells open the evidence',
    async () => {
      const browser = await launchChromium();
      try {
        const page = await browser.context.newPage();
        const requests: string[] = [];
        page.on('request', (x) => {
          if (!x.url().startsWith('file:')) requests.push(x.url());
        });
        await page.goto(pathToFileURL(path.join(work, 'out2', 'matrix.html')).href);
        await expect(page.locator('tbody tr:not(.part)').count()).resolves.toBe(Object.keys(RULES).length);
        await expect(page.locator('tr.everywhere').count()).resolves.toBe(1);
        const cell = page.locator('tr.everywhere td.failed a').first();
        await cell.click();
        await page.waitForURL(/report\.html#rule-/);
        await expect(page.locator(`[id="rule-${FAILED}"]`).count()).resolves.toBe(1);
        expect(requests).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );

  it.skipIf(!hasChromium() && process.env['CI'] === undefined)(
    'puts the rules whose outcomes differ first, columns headed by target host, strict apart; fits 1280 and 390 px',
    async () => {
      const out = path.join(work, 'out3', 'matrix.html');
      expect((await runCliInProcess(['matrix', dir('clean'), dir('one'), dir('two'), '--out', out])).code).toBe(0);
      const m = JSON.parse(readFileSync(path.join(work, 'out3', 'matrix.json'), 'utf8')) as Matrix;
      const differing = m.rules.filter((r) => r.differs).map((r) => r.id);
      expect(differing).toContain(FAILED);
      const browser = await launchChromium();
      try {
        for (const width of [1280, 390]) {
          const page = await browser.context.newPage();
          await page.setViewportSize({ width, height: 800 });
          await page.goto(pathToFileURL(out).href);
          // the first rows are the differing ones, in catalogue order
          const rows = (await page.locator('tbody tr:not(.part) th').allInnerTexts()).map(
            (t) => t.replace(/^(MUST|SHOULD)\s+/, '').split(/\s/)[0]!,
          );
          expect(rows.slice(0, differing.length)).toEqual(differing);
          const heads = await page.locator('thead th .host').allInnerTexts();
          expect(heads).toEqual(m.implementations.map((i) => i.host));
          // the strict-reading cell: amber, its own state, in the third column
          const strictRow = page.locator('tbody tr').filter({ hasText: STRICT }).first();
          await expect(strictRow.locator('td').nth(2).getAttribute('class')).resolves.toBe('strict');
          const scroll = (await page.evaluate('document.documentElement.scrollWidth')) as number;
          expect(scroll, `${width} px`).toBeLessThanOrEqual(width);
          await page.close();
        }
      } finally {
        await browser.close();
      }
    },
  );
});
