import { FIXTURES_SCHEMA } from '../../fixtures/fixtures-file.schema.js';
import { STATED_OPERATIONS } from '../spec/api-operations.js';
import { confirmations } from './confirm.js';
import { shortText } from '../../lib/util/short-text.js';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RunCannotStart } from '../../lib/config/run-cannot-start.js';
import { checkFixtures } from '../../lib/config/fixtures-file.js';
import { ApiClient } from '../../lib/http/client.js';
import { serverSettings } from '../../lib/http/client-settings.js';
import { draftFixtures, type Answer, type Draft } from './draft.js';
import { printable } from './printable.js';
import { withoutUnsafeValues } from './safe-draft.js';
import { otherOrgDraft } from './other-org.js';
import { transcriptHost } from './transcript-host.js';
import { stillToSupply } from './user-supplied.js';
import { customObjectsIn, pickCustomObject } from './custom-objects.js';
import type { TargetKeys } from '../../lib/target/target.js';
import { isCustomObjectApiName } from '../spec/identifiers.js';
import { argsError } from '../../lib/cli/args.js';
import { serverOfFlags, type FlagServer } from '../../lib/cli/flag-server.js';

const FLAG_OF: Record<keyof TargetKeys, string> = {
  apiKey: '--api-key or CONFORMANCE_API_KEY',
  otherOrgApiKey: '--other-org-api-key or CONFORMANCE_OTHER_ORG_API_KEY',
  readOnlyApiKey: '--read-only-api-key or CONFORMANCE_READ_ONLY_API_KEY',
};

const FLAGS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'other-org-api-key': { type: 'string' },
  'read-only-api-key': { type: 'string' },
  'meeting-id': { type: 'string' },
  out: { type: 'string' },
  force: { type: 'boolean' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const INIT_USAGE = [
  'Usage: npx conformance init --base-url URL --api-key KEY [--other-org-api-key KEY] [--read-only-api-key KEY]',
  '                            [--meeting-id UUID] [--out fixtures.json] [--force]',
  '',
  "Writes a draft fixtures file from the server's own answers to read-only requests (GET /_schema/contact,",
  'GET /_organization_schema_summary, and GET /_schema/opportunity, /_schema/account and the custom',
  "object's schema where the server has them), saying where each value came from, then prints what it",
  'could not read and what only you can supply, each with the checks it unlocks. With --other-org-api-key',
  "it also reads organization B's own stages and custom object (otherOrg). No key is written",
  'to the file. With --meeting-id (a meeting with a transcript) it reads GET /meeting/{id}/transcript, and',
  "a transcript url on another host than the base URL's is drafted under allowHostsToConfirm, for you to",
  'confirm (never allowed by init). --force overwrites an existing --out file; --timeout MS as a run.',
  'Exit status: 0 draft written · 2 cannot run (unreachable server, key rejected, bad flags, --out exists)',
].join('\n');

/** `npx conformance init`: returns the exit status. */
export async function initCommand(
  argv: string[],
  print: (line: string) => void,
  cwd: string = process.cwd(),
): Promise<number> {
  const v = initArgs(argv);
  if (v.help) {
    print(INIT_USAGE);
    return 0;
  }
  const server = serverOfFlags(v, cwd, {
    command: 'init',
    baseUrlIs: 'the server to read, with /api/v2/public',
    fixturesSchema: FIXTURES_SCHEMA,
  });
  const shown = v.out ?? 'fixtures.json';
  const out = path.resolve(cwd, shown);
  if (existsSync(out) && v.force !== true) {
    throw new RunCannotStart(`init: ${shown} exists; choose another --out, or --force to overwrite it`);
  }
  // the draft is made of the server's values: one that is no safe identifier is left out, named
  const read = reader(server);
  const { draft: unsafe, customObjectSchema } = await readDraft(server, read);
  const meetingId = v['meeting-id'];
  const { toConfirm } =
    meetingId === undefined ? { toConfirm: [] } : await transcriptHost(unsafe, server.baseUrl, meetingId, read, shown);
  const draft = withoutUnsafeValues(unsafe);
  const confirmed = await confirmations(draft.fixtures, read, customObjectSchema);
  checkFixtures(draft.fixtures, shown, FIXTURES_SCHEMA);
  writeFileSync(out, JSON.stringify(draft.fixtures, null, 2) + '\n');
  const say = (line: string) => print(server.redactor.text(line));
  say(`init: wrote ${path.relative(cwd, out) || out}, every value read from ${server.baseUrl} (the key is not in it)`);
  printDraft(draft, server, say);
  if (confirmed.length > 0) {
    say('Confirmed through the API (reads only):');
    for (const line of confirmed) say(`  ${printable(line, 200)}`);
  }
  if (toConfirm.length > 0) {
    say('To confirm (the run follows no link off the base URL until you allow its host):');
    toConfirm.forEach((line, i) => say(`  ${i === 0 ? '! ' : ''}${printable(line, 300)}`));
  }
  for (const line of thenLines(server, shown)) say(line);
  return 0;
}

function initArgs(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: FLAGS, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new RunCannotStart(`init: ${argsError(err)}\n${INIT_USAGE}`);
  }
}

/** The draft from the discovery reads, organization A's then (with its key) organization B's. */
async function readDraft(
  server: FlagServer,
  read: (p: string, auth?: keyof TargetKeys) => Promise<Answer>,
): Promise<{ draft: Draft; customObjectSchema?: Answer }> {
  const contactSchema = await read('/_schema/contact');
  const [summary, opportunitySchema, accountSchema] = await Promise.all([
    read('/_organization_schema_summary'),
    read('/_schema/opportunity'),
    read('/_schema/account'),
  ]);
  // the custom object's own schema (a read the spec does not state): its attributes, where the summary lists none
  const apiName = 'json' in summary ? pickCustomObject(customObjectsIn(summary.json))?.apiName : undefined;
  const customObjectSchema = isCustomObjectApiName(apiName) ? await read(`/_schema/${apiName}`) : undefined;
  const draft = draftFixtures(server.baseUrl, {
    contactSchema,
    opportunitySchema,
    accountSchema,
    summary,
    ...(customObjectSchema !== undefined ? { customObjectSchema } : {}),
  });
  if (server.keys.otherOrgApiKey !== undefined) {
    const [b1, b2, b3] = await Promise.all([
      read('/_schema/contact', 'otherOrgApiKey'),
      read('/_schema/opportunity', 'otherOrgApiKey'),
      read('/_organization_schema_summary', 'otherOrgApiKey'),
    ]);
    const b = otherOrgDraft(server.baseUrl, b1, b2, {
      summary: b3,
      organizationA: draft.fixtures.customObject?.apiName,
    });
    if (b.otherOrg !== undefined) draft.fixtures.otherOrg = b.otherOrg;
    draft.found.push(...b.found);
    draft.notRead.push(...b.notRead);
  }
  return { draft, ...(customObjectSchema !== undefined ? { customObjectSchema } : {}) };
}

/**
 * A read of one discovery route: its JSON, or the problem that kept it from giving any. No answer, or
 * a 401 for a key, means init cannot run (exit 2). Its client refuses any write outright, whatever it
 * is asked, and a server that rate-limits past --max-wait is one line, exit 2 (never an internal error).
 */
function reader(server: FlagServer): (p: string, auth?: keyof TargetKeys) => Promise<Answer> {
  const api = new ApiClient({
    ...serverSettings({ ...server, operations: STATED_OPERATIONS }, server.redactor),
    readOnly: true,
    refuse: (_kind, message) => {
      throw new RunCannotStart(`init: ${message.replace(/^blocked: /, '')}`);
    },
  });
  return async (p, auth = 'apiKey') => {
    const ex = await api.get(p, { auth });
    const r = ex.response;
    if (r === undefined) {
      const why = ex.transportError ?? 'no response';
      throw new RunCannotStart(
        server.redactor.text(
          `cannot reach the server at ${server.baseUrl}: ${why}. Check --base-url (it must include /api/v2/public).`,
        ),
      );
    }
    if (r.status === 401) {
      throw new RunCannotStart(`the server rejected the ${auth} (HTTP 401 on GET ${p}). Check ${FLAG_OF[auth]}.`);
    }
    const code = (r.json as { code?: unknown } | undefined)?.code;
    const named = typeof code === 'string' ? ` (${shortText(code, 60)})` : '';
    if (r.status < 200 || r.status > 299) return { problem: `GET ${p} answered HTTP ${r.status}${named}` };
    if (r.json === undefined) return { problem: `GET ${p} answered HTTP ${r.status} with no JSON body` };
    return { json: r.json };
  };
}

/** Where each value came from, what could not be read, and what only the user can supply. */
function printDraft(draft: Draft, server: FlagServer, say: (line: string) => void): void {
  for (const line of draft.found) say(`  ✓ ${printable(line, 200)}`);
  if (draft.notRead.length > 0) {
    say('Could not read (add these yourself, or leave them out and their checks skip, naming the key):');
    for (const line of draft.notRead) say(`  ? ${printable(line, 200)}`);
  }
  if (draft.requiredToFill.length > 0) {
    say('Required on create, value only you can give (creates of that type are blocked without it):');
    for (const key of draft.requiredToFill) say(`  - ${printable(key)}`);
  }
  say('Only you can supply (the spec states no list endpoint for them); each unlocks checks that skip without it:');
  for (const u of stillToSupply(draft.fixtures)) say(`  - ${u.key}: ${u.what}; unlocks ${u.unlocks}`);
  const keys = [
    ...(server.keys.otherOrgApiKey === undefined ? ['--other-org-api-key (the isolation checks)'] : []),
    ...(server.keys.readOnlyApiKey === undefined ? ['--read-only-api-key (the 403 checks)'] : []),
  ];
  if (keys.length > 0) say(`  - ${keys.join(', ')}: keys only the server's operator can give`);
}

/**
 * The command to run next, as it runs when pasted: the base URL and the draft, the keys read where the
 * run reads them. A key given here as a flag cannot be printed: the user is told to set it first.
 */
function thenLines(server: FlagServer, out: string): string[] {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const env: Record<string, string> = {
    'api-key': 'CONFORMANCE_API_KEY',
    'other-org-api-key': 'CONFORMANCE_OTHER_ORG_API_KEY',
    'read-only-api-key': 'CONFORMANCE_READ_ONLY_API_KEY',
  };
  const set = server.keyFlags.map((f) => env[f]!);
  return [
    ...(set.length > 0
      ? [`Then, with ${set.join(', ')} set in the environment or .env (the keys given here as flags are not printed):`]
      : ['Then:']),
    `  npx conformance --base-url ${q(server.baseUrl)} --fixtures ${q(out)}`,
  ];
}
