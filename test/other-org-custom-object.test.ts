import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customObjectNamesIn, listsNoCustomObject, otherOrgCustomObjectIn } from '../suites/init/custom-objects.js';
import { startReferenceServer, type RunningReference } from '../reference/index.js';
import { inPool, runSuite, type ReportCheck, type SuiteRun } from './verify/detect.js';
import { runCliInProcess } from './support/in-process.js';

// Organization B's own custom object (fixtures `otherOrg.customObject.apiName`): the isolation checks
// that name organization A's record under it use the key when given (held against organization B's
// schema summary: a name it does not list is unfit), else learn it from organization B's schema
// summary, else skip naming the key (a person can supply it: never "not applicable").

const KEY = 'otherOrg.customObject.apiName';
const SUMMARY_SETUP = "organization B's schema summary";
const ONLY = ['--only', 'isolation.other-organization'];

/** The four checks under organization B's own api_name. */
const ownType = (run: SuiteRun): Array<ReportCheck & { needs?: { key: string; kind: string } }> =>
  run.checks.filter((c) => c.title.includes("under its own custom object's api_name"));

describe("organization B's own custom object: the key, else its schema summary, else a skip naming the key", () => {
  let given: SuiteRun;
  let givenUnread: SuiteRun;
  let givenNone: SuiteRun;
  let learnt: SuiteRun;
  let neither: SuiteRun;
  let none: SuiteRun;
  beforeAll(async () => {
    // schema-summary-404: no schema summary can be read, organization B's included
    const runs = await inPool(
      [
        ONLY,
        [...ONLY, '--fault', 'schema-summary-404'],
        [...ONLY, '--fault', 'schema-summary-no-custom-objects'],
        [...ONLY, '--sparse-fixtures'],
        [...ONLY, '--sparse-fixtures', '--fault', 'schema-summary-404'],
        // every schema summary lists an empty list of custom objects, organization B's included
        [...ONLY, '--sparse-fixtures', '--fault', 'schema-summary-no-custom-objects'],
      ],
      2,
      (args) => runSuite(args, { inProcess: true }),
    );
    [given, givenUnread, givenNone, learnt, neither, none] = runs as SuiteRun[] as [
      SuiteRun,
      SuiteRun,
      SuiteRun,
      SuiteRun,
      SuiteRun,
      SuiteRun,
    ];
  }, 300_000);

  it('given (the complete fixtures), B’s schema summary lists it: the four run with it, the summary read once', () => {
    const checks = ownType(given);
    expect(checks).toHaveLength(4);
    expect(checks.filter((c) => c.status !== 'passed').map((c) => `${c.status} ${c.title}: ${c.message}`)).toEqual([]);
    expect(given.requests?.bySetup[SUMMARY_SETUP]).toBe(1);
  });

  it('given, B’s schema summary an error: the user’s word is the only source, the four run with it', () => {
    const checks = ownType(givenUnread);
    expect(checks).toHaveLength(4);
    const notPassed = checks.filter((c) => c.status !== 'passed');
    expect(notPassed.map((c) => `${c.status} ${c.title}: ${c.message}`)).toEqual([]);
    expect(givenUnread.requests?.bySetup[SUMMARY_SETUP]).toBe(1);
  });

  it('given, B’s schema summary lists an empty list of custom objects: the key is unfit, not the server', () => {
    const checks = ownType(givenNone);
    expect(checks).toHaveLength(4);
    for (const c of checks) {
      expect(c.status).toBe('skipped');
      expect(c.needs).toMatchObject({ key: KEY, kind: 'unusable' });
      expect(c.message).toContain(`\`${KEY}\` is set, but`);
      expect(c.message).toContain('lists no custom object (an empty list of them)');
    }
  });

  it('not given, B’s schema summary readable (the sparse fixtures): learnt from it, read once for the four', () => {
    const checks = ownType(learnt);
    expect(checks.map((c) => c.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
    expect(learnt.requests?.bySetup[SUMMARY_SETUP]).toBe(1);
  });

  it('neither (an error): each skips naming the key and what the summary answered', () => {
    const checks = ownType(neither);
    expect(checks).toHaveLength(4);
    for (const c of checks) {
      expect(c.status).toBe('skipped');
      expect(c.needs).toEqual({ key: KEY, kind: 'missing' });
      expect(c.message).toContain('answered HTTP 404 (record_not_found)');
      expect(c.message).toContain(`\`${KEY}\``);
    }
  });

  it('B’s schema summary lists an empty list of custom objects: not applicable (a workspace may have none)', () => {
    const checks = ownType(none);
    expect(checks.map((c) => c.status)).toEqual(Array(4).fill('not applicable'));
    expect(checks[0]!.message).toContain("organization B's schema summary lists no custom object");
  });
});

describe('a schema summary that says the workspace has no custom object', () => {
  it('is an empty list under a key naming custom objects, and no cus_obj__ name anywhere', () => {
    expect(listsNoCustomObject({ data: { standard_objects: [{ api_name: 'contact' }], custom_objects: [] } })).toBe(
      true,
    );
    expect(listsNoCustomObject({ customObjects: [] })).toBe(true);
    // a shape not read, or one that names a custom object elsewhere: not "none"
    expect(listsNoCustomObject({ data: { objects: [] } })).toBe(false);
    expect(listsNoCustomObject({ custom_objects: [], types: ['cus_obj__x'] })).toBe(false);
    expect(listsNoCustomObject({ custom_objects: [{ name: 'y' }] })).toBe(false);
  });
});

describe('every custom object api_name a schema summary shows', () => {
  it('a string value, an array item or a key starting cus_obj__, each once, whatever the shape around it', () => {
    const summary = {
      data: {
        custom_objects: [{ api_name: 'cus_obj__project' }, 'cus_obj__initiative'],
        relationships: [{ api_name: 'contacts', related_record_type: 'cus_obj__project' }],
        by_name: { cus_obj__deal_room: { display_name: 'Deal room' } },
      },
    };
    expect(customObjectNamesIn(summary).sort()).toEqual([
      'cus_obj__deal_room',
      'cus_obj__initiative',
      'cus_obj__project',
    ]);
    expect(customObjectNamesIn(['cus_obj__a', 'contact'])).toEqual(['cus_obj__a']);
    expect(customObjectNamesIn({ data: { custom_objects: [], objects: ['contact'] } })).toEqual([]);
  });
});

describe("the api_name of organization B's own custom object is data until proven an identifier", () => {
  it('from B’s schema summary: only a safe cus_obj__ name, another than organization A’s where B lists one', () => {
    const summary = { data: { custom_objects: [{ api_name: 'cus_obj__../admin' }, 'cus_obj__project'] } };
    expect(otherOrgCustomObjectIn(summary, 'cus_obj__project')).toBe('cus_obj__project');
    const more = ['cus_obj__a%2f..', 'cus_obj__project', 'cus_obj__initiative', 'cus_obj__x?y'];
    expect(otherOrgCustomObjectIn(more, 'cus_obj__project')).toBe('cus_obj__initiative');
    expect(otherOrgCustomObjectIn(['cus_obj__/x', 'project'], undefined)).toBeUndefined();
  });

  describe('from the fixtures file', () => {
    let ref: RunningReference;
    let dir: string;
    beforeAll(async () => {
      ref = await startReferenceServer();
      dir = mkdtempSync(path.join(tmpdir(), 'conformance-other-type-'));
    });
    afterAll(async () => {
      await ref.close();
    });

    it.each(['cus_obj__../../admin', 'project', 'cus_obj__a/b'])(
      '%s: the run does not start (exit 2), naming the key',
      async (apiName) => {
        const { apiKey, otherOrgApiKey, readOnlyApiKey, ...fixtures } = ref.fixtures;
        const file = `bad-${apiName.replace(/\W/g, '_')}.json`;
        writeFileSync(path.join(dir, file), JSON.stringify({ ...fixtures, otherOrg: { customObject: { apiName } } }));
        const env = {
          CONFORMANCE_API_KEY: apiKey!,
          CONFORMANCE_OTHER_ORG_API_KEY: otherOrgApiKey!,
          CONFORMANCE_READ_ONLY_API_KEY: readOnlyApiKey!,
        };
        const r = await runCliInProcess([...ONLY, '--fixtures', file, '--report-dir', 'r'], { cwd: dir, env });
        expect(r.code).toBe(2);
        expect(r.stderr).toContain(`invalid fixtures file ${file}: /otherOrg/customObject/apiName must match pattern`);
      },
    );

    it('a name organization B’s schema summary does not list: the four skip, the key unfit, naming what it lists', async () => {
      const { apiKey, otherOrgApiKey, readOnlyApiKey, ...fixtures } = ref.fixtures;
      // a typo: organization B's requests under it would show only that the type is unknown
      const typo = { ...fixtures, otherOrg: { ...fixtures.otherOrg, customObject: { apiName: 'cus_obj__projcet' } } };
      writeFileSync(path.join(dir, 'typo.json'), JSON.stringify(typo));
      const env = {
        CONFORMANCE_API_KEY: apiKey!,
        CONFORMANCE_OTHER_ORG_API_KEY: otherOrgApiKey!,
        CONFORMANCE_READ_ONLY_API_KEY: readOnlyApiKey!,
      };
      const argv = [...ONLY, '--base-url', ref.baseUrl, '--fixtures', 'typo.json', '--report-dir', 'typo'];
      const r = await runCliInProcess(argv, { cwd: dir, env });
      const report = JSON.parse(readFileSync(path.join(dir, 'typo', 'conformance.json'), 'utf8')) as SuiteRun;
      const checks = ownType(report);
      expect(checks).toHaveLength(4);
      for (const c of checks) {
        expect(c.status).toBe('skipped');
        expect(c.needs).toMatchObject({ key: KEY, kind: 'unusable' });
        expect(c.message).toContain(`\`${KEY}\` is set, but organization B's schema summary`);
        expect(c.message).toContain('does not list it; it lists "cus_obj__project"');
      }
      expect(r.code).toBe(1);
      expect(r.stdout).not.toContain('verdict: conforms');
    });
  });
});
