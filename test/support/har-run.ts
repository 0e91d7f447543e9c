import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { main } from '../../bin/main.js';
import type { ConformanceReport } from '../../lib/report/conformance-json.js';
import { referenceWithFixtures } from './loopback.js';

type Fixtures = Awaited<ReturnType<typeof referenceWithFixtures>>['reference']['fixtures'];

/** One whole run against the reference under `variations`, with its report and its HAR's entries. */
export async function runWithHar<Entry>(
  variations: string[],
): Promise<{ report: ConformanceReport; entries: Entry[]; fixtures: Fixtures }> {
  const { reference, dir, writeFixtures } = await referenceWithFixtures({ variations });
  try {
    const fixtures = writeFixtures(reference.baseUrl);
    const code = await main(['--fixtures', fixtures, '--report-dir', dir, '--har', 'run.har'], {
      print: () => undefined,
      error: () => undefined,
      cwd: dir,
    });
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
    const har = JSON.parse(readFileSync(path.join(dir, 'run.har'), 'utf8')) as { log: { entries: Entry[] } };
    return { report, entries: har.log.entries, fixtures: reference.fixtures };
  } finally {
    await reference.close();
  }
}
