import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_RECORDS_API } from '../bin/public-records-api.js';
import { parseRunArgs } from '../lib/cli/args.js';
import { runConformance } from '../lib/cli/run/run-conformance.js';
import type { Spec } from '../lib/cli/spec.js';

// The suite files load (CPU) while the probe and the fixtures check wait on the server
// (lib/cli/run/run-conformance.ts): against a distant server, their load is no time of its own.

describe('the suite files load beside the preflight', () => {
  it('loads the suite files while the preflight waits on the server, before the fixtures check has ended', async () => {
    const events: string[] = [];
    const spec: Spec = {
      ...PUBLIC_RECORDS_API,
      get suites() {
        events.push('suite files');
        return PUBLIC_RECORDS_API.suites;
      },
      fixturesCheck: async (...a) => {
        events.push('fixtures check');
        const found = await PUBLIC_RECORDS_API.fixturesCheck(...a);
        events.push('fixtures check ended');
        return found;
      },
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-load-beside-'));
    try {
      const code = await runConformance(
        parseRunArgs(['--only', 'discovery', '--report-dir', dir]),
        () => undefined,
        spec,
        dir,
      );
      expect(code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // the CI gate reads the list of suite files first (--only, --skip: lib/cli/list.ts); the load is the second read
    const beforeFixturesEnded = events.slice(0, events.indexOf('fixtures check ended'));
    expect(beforeFixturesEnded.filter((e) => e === 'suite files')).toHaveLength(2);
  });
});
