import { fnv1a } from '../util/fnv1a.js';
import { suiteVersion } from './suite-version.js';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import type { Fixtures } from '../spec/register.js';
import { SETTINGS, type Setting, type SettingName } from './settings.js';
import { loadFixturesFile, type FixturesSchema } from './fixtures-file.js';
import { RunCannotStart } from './run-cannot-start.js';
import { checkBaseUrl, checkKey } from './checks.js';
import type { Selection } from '../target/target.js';

export type Values = Partial<Record<SettingName, string>>;

/** A run's configuration, resolved once; frozen. */
export interface RunConfig {
  baseUrl?: string;
  apiKey?: string;
  otherOrgApiKey?: string;
  readOnlyApiKey?: string;
  reportDir: string;
  seed: number;
  timeoutMs: number;
  /** --max-response-bytes */
  maxResponseBytes: number;
  fixtures: Fixtures;
  fixturesFile?: string;
  /** unknown fixtures keys */
  warnings: string[];
  selection: Selection;
  baseline?: string;
  writeBaseline?: string;
  shard?: { index: number; count: number };
  readOnly: boolean;
  /** failures under strict-reading rules fail the run too (--strict) */
  strict: boolean;
  /** --allow-incomplete: a run incomplete only by skipped MUST checks exits 0 */
  allowIncomplete: boolean;
  /** --keep-failing: a failed check's records are left in place for its reproducers */
  keepFailing: boolean;
  /** --allow-host: hosts besides the base URL's origin whose stated links may be followed, without a key */
  allowHosts: string[];
  concurrency: number;
  /** --cases: generated cases per generated check */
  cases: number;
  maxRequests?: number;
  /** --max-wait, in milliseconds: nothing but 429 for this long (or a longer wait asked) stops a run */
  maxWaitMs: number;
  /** --deadline, in milliseconds: the run ends by then whatever the server says */
  deadlineMs: number;
  /** --har: where to write every request of the checks */
  har?: string;
  /** --examples: an earlier run's examples.json */
  examples?: string;
  /** --sign-key: the PEM file of the Ed25519 key certificate.json is signed with */
  signKey?: string;
}

/**
 * The environment a run sees: the process environment over the working directory's `.env`
 * (a real variable wins, as dotenv does by default). The only reader of process.env.
 */
export function environment(
  cwd: string = process.cwd(),
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string | undefined> {
  const file = path.join(cwd, '.env');
  const fromFile = existsSync(file) ? parseDotenv(readFileSync(file)) : {};
  return { ...fromFile, ...env };
}

/** A setting's value: flag > environment > fixtures file > default. */
type Picker = (name: SettingName, fixtures?: Fixtures) => string | undefined;

/** flag > environment > fixtures file > default. */
export function resolveConfig(
  flags: Values,
  env: Record<string, string | undefined>,
  fixturesSchema: FixturesSchema,
  cwd: string = process.cwd(),
): RunConfig {
  const pick: Picker = (name, fixtures) => {
    const s: Setting = SETTINGS[name];
    const given: unknown = s.fixturesKey && fixtures ? fixtures[s.fixturesKey] : undefined;
    // a list setting's key holds a list (the schema checked it): read as the flag's comma-separated values
    const fromFixtures = Array.isArray(given) ? given.join(',') : (given as string | undefined);
    return nonEmpty(flags[name]) ?? nonEmpty(env[s.env]) ?? nonEmpty(fromFixtures) ?? s.default;
  };
  const fixturesFile = pick('fixtures');
  const loaded = fixturesFile
    ? loadFixturesFile(path.resolve(cwd, fixturesFile), fixturesSchema, fixturesFile)
    : { fixtures: {}, warnings: [] };
  const f = loaded.fixtures;
  const server = serverOf(pick, f);
  const level = pick('level');
  if (level !== 'all' && level !== 'must')
    throw new RunCannotStart(`--level must be must or all; got ${JSON.stringify(level)}`);
  const config: RunConfig = {
    reportDir: path.resolve(cwd, pick('reportDir') ?? SETTINGS.reportDir.default),
    seed: seedOf(pick),
    timeoutMs: timeoutOf(pick('timeoutMs')),
    maxResponseBytes: positiveInteger('max-response-bytes', pick('maxResponseBytes')),
    fixtures: f,
    warnings: loaded.warnings,
    selection: { only: list(pick('only')), skip: list(pick('skip')), level },
    readOnly: truthy(pick('readOnly')),
    strict: truthy(pick('strict')),
    allowIncomplete: truthy(pick('allowIncomplete')),
    keepFailing: truthy(pick('keepFailing')),
    allowHosts: hostsOf(list(pick('allowHost', f))),
    concurrency: positiveInteger('concurrency', pick('concurrency')),
    cases: positiveInteger('cases', pick('cases')),
    maxWaitMs: duration('max-wait', pick('maxWait')),
    deadlineMs: duration('deadline', pick('deadline')),
    ...optionalSettings(pick, cwd),
    ...server,
  };
  if (fixturesFile !== undefined) config.fixturesFile = fixturesFile;
  return Object.freeze(config);
}

/**
 * The seed: deterministic by default, so the same suite version against the same server sends the same
 * inputs and a deviation found once is found again (--explore draws new ones; --seed repeats any run).
 */
function seedOf(pick: Picker): number {
  const seedText = pick('seed');
  const explore = truthy(pick('explore'));
  if (explore && seedText !== undefined)
    throw new RunCannotStart(
      '--explore and --seed exclude each other: --seed repeats a run, --explore draws a new seed',
    );
  const seed =
    seedText !== undefined
      ? Number(seedText)
      : explore
        ? Math.floor(Math.random() * 2 ** 31)
        : fnv1a(`public-records-api-conformance@${suiteVersion()}`) & 0x7fffffff;
  if (!Number.isSafeInteger(seed))
    throw new RunCannotStart(`--seed must be an integer; got ${JSON.stringify(seedText)}`);
  return seed;
}

function timeoutOf(text: string | undefined): number {
  const timeoutMs = Number(text);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new RunCannotStart(`--timeout must be a positive number of milliseconds; got ${JSON.stringify(text)}`);
  return timeoutMs;
}

/** The settings a run may go without: caps, a shard, and the files it reads or writes (resolved against cwd). */
function optionalSettings(pick: Picker, cwd: string): Partial<RunConfig> {
  const out: Partial<RunConfig> = {};
  const maxRequests = pick('maxRequests');
  if (maxRequests !== undefined) out.maxRequests = positiveInteger('max-requests', maxRequests);
  const shard = pick('shard');
  if (shard !== undefined) out.shard = parseShard(shard);
  for (const name of ['baseline', 'examples', 'signKey', 'har', 'writeBaseline'] as const) {
    const file = pick(name);
    if (file !== undefined) out[name] = path.resolve(cwd, file);
  }
  return out;
}

/** The server and its keys (a fixtures file may name them too), each checked before it is used. */
function serverOf(
  pick: Picker,
  f: Fixtures,
): Partial<Pick<RunConfig, 'baseUrl' | 'apiKey' | 'otherOrgApiKey' | 'readOnlyApiKey'>> {
  const out: Partial<Pick<RunConfig, 'baseUrl' | 'apiKey' | 'otherOrgApiKey' | 'readOnlyApiKey'>> = {};
  const baseUrl = pick('baseUrl', f);
  if (baseUrl !== undefined) {
    checkBaseUrl(baseUrl);
    if (!/^https?:\/\/[^/]/.test(baseUrl))
      throw new RunCannotStart(
        `--base-url must be an http(s) URL including /api/v2/public; got ${JSON.stringify(baseUrl)}`,
      );
    out.baseUrl = baseUrl;
  }
  for (const key of ['apiKey', 'otherOrgApiKey', 'readOnlyApiKey'] as const) {
    const v = pick(key, f);
    if (v === undefined) continue;
    checkKey(`--${SETTINGS[key].flag}`, v);
    out[key] = v;
  }
  return out;
}

/** --allow-host values: each a host name, with a port or not, in lower case; anything else cannot start a run. */
function hostsOf(values: string[]): string[] {
  return values.map((v) => {
    let u: URL | undefined;
    try {
      u = new URL(`http://${v}`);
    } catch {
      /* below */
    }
    if (!u || u.host !== v.toLowerCase() || u.username !== '' || u.pathname !== '/')
      throw new RunCannotStart(
        `--allow-host takes a host name, with a port or not (files.example.com:443); got ${JSON.stringify(v)}`,
      );
    return u.host;
  });
}

function list(v: string | undefined): string[] {
  return (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function truthy(v: string | undefined): boolean {
  return v !== undefined && /^(1|true|yes|on)$/i.test(v);
}

function positiveInteger(flag: string, v: string | undefined): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0)
    throw new RunCannotStart(`--${flag} must be a positive integer; got ${JSON.stringify(v)}`);
  return n;
}

/** A duration in seconds (`180`, `90s`, `1.5s`, `3m`, `500ms`), as milliseconds. */
export function duration(flag: string, v: string | undefined): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|min)?\s*$/.exec(v ?? '');
  const n = Number(m?.[1]);
  if (!m || !Number.isFinite(n))
    throw new RunCannotStart(`--${flag} must be a number of seconds (or 90s, 3m, 500ms); got ${JSON.stringify(v)}`);
  const unit = m[2] === 'ms' ? 1 : m[2] === 'm' || m[2] === 'min' ? 60_000 : 1000;
  return Math.round(n * unit);
}

function parseShard(v: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(v);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count)
    throw new RunCannotStart(`--shard must be i/n with 1 <= i <= n; got ${JSON.stringify(v)}`);
  return { index, count };
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v === '' ? undefined : v;
}
