import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { hasChromium, launchChromium } from './support/chromium.js';
import { RULES } from '../lib/rules/catalogue.js';
import type { Matrix } from '../lib/matrix/matrix.js';

const work = mkdtempSync(path.join(tmpdir(), 'conformance-matrix-'));
const dir = (name: string) => path.join(work, name);
const FAILED = 'contact.create.status-201';

beforeAll(async () => {
  // three implementations: a conforming one, one with a fault, one with that fault and another
  const runs = await Promise.all([
    runCli(['--report-dir', dir('clean')]),
    runCli(['--fault', 'contact-create-200', '--report-dir', dir('one')]),
    runCli(['--fault', 'contact-create-200', '--fault', 'bad-uuid-500', '--report-dir', dir('two')]),
  ]);
  expect(runs.map((r) => r.code)).toEqual([0, 1, 1]);
}, 300_000);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('npx conformance matrix: report folders side by side, rule by rule', () => {
  it('scores each implementation and marks each rule; a rule failing everywhere is flagged', async () => {
    const r = await runCli([
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
      failsEverywhere: false,
    });
    const both = await runCli(['matrix', dir('one'), dir('two'), '--out', path.join(work, 'out2', 'matrix.html')]);
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
        await expect(page.locator('tbody tr').count()).resolves.toBe(Object.keys(RULES).length);
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
});
