import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli } from './cli.js';
import { launchChromium } from './chromium.js';

/**
 * `npm run screenshot`: the README's picture of report.html. A run against the reference server
 * with three faults (two MUST rules, one SHOULD), the page at 1280 × 1200 with its first rule opened.
 */
const out = path.resolve(process.argv[2] ?? 'docs/report-html.png');
const dir = mkdtempSync(path.join(tmpdir(), 'conformance-screenshot-'));
try {
  const run = await runCli([
    '--fault',
    'contact-create-200',
    '--fault',
    'phone-item-relabel-drops-primary',
    '--fault',
    'delete-answers-201',
    '--seed',
    '1',
    '--report-dir',
    dir,
  ]);
  if (run.code !== 1) throw new Error(`expected a failing run (exit 1), got ${String(run.code)}: ${run.stderr}`);
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 1200 });
    await page.goto(pathToFileURL(path.join(dir, 'report.html')).href);
    await page.locator('#fix details.rule').first().locator('summary').first().click();
    await page.screenshot({ path: out });
  } finally {
    await browser.close();
  }
  process.stdout.write(`wrote ${out}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
