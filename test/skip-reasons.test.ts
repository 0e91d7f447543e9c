import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../lib/report/conformance-json.js';
import { startReferenceServer, type RunningReference } from '../reference/index.js';
import { runInProcess } from './support/in-process.js';
import { needOf } from '../lib/report/to-complete.js';
import { PUBLIC_RECORDS_API } from '../bin/public-records-api.js';

/**
 * A skip reason never says a key "is not set" when it is set: it says what is wrong with the value.
 * Here `opportunity.stageId` names the option two pipelines share (`discovery`), which the checks that
 * resolve a stage by its name cannot use.
 */
describe('a fixture that is set but cannot serve a check', () => {
  let ref: RunningReference;
  let dir: string;
  let report: ConformanceReport;
  let stdout: string;
  beforeAll(async () => {
    ref = await startReferenceServer({});
    dir = mkdtempSync(path.join(tmpdir(), 'conformance-skip-reasons-'));
    const schema = (await (
      await fetch(`${ref.baseUrl}/_schema/opportunity`, { headers: { authorization: `Bearer ${ref.keys.apiKey}` } })
    ).json()) as { data: { stage_select_lists: Array<{ options: Array<{ id: string; api_name: string }> }> } };
    const shared = schema.data.stage_select_lists[0]!.options.find((o) => o.api_name === 'discovery')!;
    const fixtures = { ...ref.fixtures, opportunity: { ...ref.fixtures.opportunity, stageId: shared.id } };
    writeFileSync(path.join(dir, 'fixtures.json'), JSON.stringify(fixtures));
    const keys = ['--api-key', ref.keys.apiKey, '--other-org-api-key', ref.keys.otherOrgApiKey!];
    const only = ['--only', 'write.stage-by-name,write.stage-enveloped,write.select-list-id'];
    const r = await runInProcess(
      ['--base-url', ref.baseUrl, ...keys, ...only, '--fixtures', 'fixtures.json', '--report-dir', 'r'],
      dir,
    );
    stdout = r.stdout;
    report = JSON.parse(readFileSync(path.join(dir, 'r', 'conformance.json'), 'utf8')) as ConformanceReport;
  }, 120_000);
  afterAll(async () => {
    await ref.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says what is wrong with the value, and "To complete this run" says it is set but unusable', () => {
    const skipped = report.checks.filter((c) => c.status === 'skipped');
    expect(skipped.length).toBeGreaterThanOrEqual(3);
    for (const c of skipped) {
      expect(c.message).not.toMatch(/is not set/);
      expect(c.message).toMatch(
        /^fixtures: `opportunity\.stageId` is set, but its option's name "(discovery|Discovery)" is/,
      );
      expect(c.needs).toMatchObject({ key: 'opportunity.stageId', kind: 'unusable' });
    }
    expect(stdout).toMatch(/^ {2}- opportunity\.stageId \(set, but unusable\): unlocks \d+ MUST checks/m);
    expect(stdout).toMatch(/^ {6}wrong: its option's name "discovery" is opportunity\.sharedStageName/im);
  });
});

/**
 * A report of an older run carries no `needs`: what a skipped check needs is read from its reason, as
 * a key path the fixtures file's schema names (never a rule id or a word of the sentence).
 */
describe('the key a reason names, without `needs`', () => {
  const of = (message: string) => needOf({ message }, PUBLIC_RECORDS_API.fixtures);
  it('reads a key path the fixtures file has, at the start or in backticks', () => {
    expect(of('taskToArchive: every task it lists (2) is archived by earlier runs')?.key).toBe('taskToArchive');
    expect(of('the create was refused: give `contact.createAttributes.department`')?.key).toBe(
      'contact.createAttributes.department',
    );
    expect(of('a task read is not served; `relationships.customObject` names no relationship')?.key).toBe(
      'relationships.customObject',
    );
  });
  it('takes no rule id, no unknown path and no word for a key', () => {
    expect(of('the server answered `record.envelope` wrongly')).toBeUndefined();
    expect(of('`contact.noSuchKey` is odd')).toBeUndefined();
    expect(of('server refused the probe')).toBeUndefined();
    // a top-level key of the file is also an English word: only a camelCase or dotted path is read as a key
    expect(of('contact create was refused for a field of the workspace')).toBeUndefined();
  });
});
