import { parseArgs, type ParseArgsConfig } from 'node:util';
import { SETTINGS, type Setting, type SettingName } from '../config/settings.js';
import type { Values } from '../config/resolve.js';
import { RunCannotStart } from '../config/run-cannot-start.js';
import type { ReferenceFlags } from './embedded-reference.js';

export type { ReferenceFlags };

/** Flags that shape the embedded reference server (ignored when --base-url is given). */
const REFERENCE_FLAGS = {
  profile: { type: 'string' },
  'stated-routes-only': { type: 'boolean' },
  fault: { type: 'string', multiple: true },
  variation: { type: 'string', multiple: true },
  'rate-limit-every': { type: 'string' },
  'latency-ms': { type: 'string' },
  'quota-bucket': { type: 'string' },
  'quota-window': { type: 'string' },
  'retry-after': { type: 'string' },
  'quota-headers': { type: 'string' },
  'sparse-fixtures': { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

const RUN_FLAGS = {
  ...Object.fromEntries(
    Object.values(SETTINGS).map((s: Setting) => [
      s.flag,
      s.kind === 'boolean'
        ? { type: 'boolean' }
        : s.kind === 'list'
          ? { type: 'string', multiple: true }
          : { type: 'string' },
    ]),
  ),
  list: { type: 'boolean' },
  ...REFERENCE_FLAGS,
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

export interface RunArgs {
  settings: Values;
  reference: ReferenceFlags;
  help: boolean;
  version: boolean;
  /** print the checks that would run, send nothing */
  list: boolean;
}

/** Parses the run's flags; an unknown flag or a missing value is a RunCannotStart (exit 2). */
export function parseRunArgs(argv: string[]): RunArgs {
  const parsed = parse(argv, RUN_FLAGS);
  const v = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const settings: Values = {};
  for (const [name, s] of Object.entries(SETTINGS)) {
    const value = v[s.flag];
    if (typeof value === 'string') settings[name as SettingName] = value;
    if (value === true) settings[name as SettingName] = 'true';
    if (value === false) settings[name as SettingName] = 'false';
    if (Array.isArray(value)) settings[name as SettingName] = value.join(',');
  }
  return {
    settings,
    reference: referenceFlags(v),
    help: v['help'] === true,
    version: v['version'] === true,
    list: v['list'] === true,
  };
}

export interface MergeArgs {
  /** the shard report folders */
  dirs: string[];
  settings: Pick<Values, 'reportDir' | 'baseline' | 'writeBaseline' | 'allowIncomplete'>;
  help: boolean;
}

/** `npx conformance merge DIR… [--report-dir D] [--baseline F] [--write-baseline F]`. */
export function parseMergeArgs(argv: string[]): MergeArgs {
  const flags = {
    [SETTINGS.reportDir.flag]: { type: 'string' },
    [SETTINGS.baseline.flag]: { type: 'string' },
    [SETTINGS.writeBaseline.flag]: { type: 'string' },
    [SETTINGS.allowIncomplete.flag]: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  } as const satisfies ParseArgsConfig['options'];
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: flags, strict: true, allowPositionals: true });
  } catch (err) {
    throw new RunCannotStart(
      `${(err as Error).message}. Usage: npx conformance merge DIR… [--report-dir DIR] [--baseline FILE]`,
    );
  }
  const v = parsed.values as Record<string, string | boolean | undefined>;
  const settings: MergeArgs['settings'] = {};
  for (const name of ['reportDir', 'baseline', 'writeBaseline'] as const) {
    const value = v[SETTINGS[name].flag];
    if (typeof value === 'string') settings[name] = value;
  }
  if (v[SETTINGS.allowIncomplete.flag] === true) settings.allowIncomplete = 'true';
  return { dirs: parsed.positionals, settings, help: v['help'] === true };
}

export function parseServeArgs(argv: string[]): {
  port: number;
  reference: ReferenceFlags;
  help: boolean;
  listVariations: boolean;
} {
  const parsed = parse(argv, {
    ...REFERENCE_FLAGS,
    port: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
    'list-variations': { type: 'boolean' },
  });
  const v = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const port = v['port'] === undefined ? 0 : Number(v['port']);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new RunCannotStart(`--port must be a port number; got ${JSON.stringify(v['port'])}`);
  return {
    port,
    reference: referenceFlags(v),
    help: v['help'] === true,
    listVariations: v['list-variations'] === true,
  };
}

function referenceFlags(v: Record<string, string | boolean | string[] | undefined>): ReferenceFlags {
  const out: ReferenceFlags = {};
  const profile = v['profile'];
  if (profile !== undefined) {
    if (profile !== 'default' && profile !== 'alternate')
      throw new RunCannotStart(`--profile must be default or alternate; got ${JSON.stringify(profile)}`);
    out.profile = profile;
  }
  if (v['stated-routes-only'] === true) out.statedRoutesOnly = true;
  if (Array.isArray(v['fault'])) out.faults = v['fault'];
  if (Array.isArray(v['variation'])) out.variations = v['variation'];
  if (v['sparse-fixtures'] === true) out.fixtures = 'sparse';
  for (const [flag, key] of [
    ['rate-limit-every', 'rateLimitEvery'],
    ['latency-ms', 'latencyMs'],
  ] as const) {
    const raw = v[flag];
    if (typeof raw !== 'string') continue;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0)
      throw new RunCannotStart(`--${flag} must be a non-negative integer; got ${JSON.stringify(raw)}`);
    out[key] = n;
  }
  Object.assign(out, quotaFlags(v));
  return out;
}

/** --quota-bucket RATE:BURST, --quota-window LIMIT:SECONDS, --retry-after and --quota-headers. */
function quotaFlags(v: Record<string, string | boolean | string[] | undefined>): Partial<ReferenceFlags> {
  const out: Partial<ReferenceFlags> = {};
  const pair = (flag: string, what: string): [number, number] | undefined => {
    const raw = v[flag];
    if (typeof raw !== 'string') return undefined;
    const m = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(raw.trim());
    const [a, b] = [Number(m?.[1]), Number(m?.[2])];
    if (!m || !(a >= 0) || !(b > 0)) throw new RunCannotStart(`--${flag} must be ${what}; got ${JSON.stringify(raw)}`);
    return [a, b];
  };
  const bucket = pair('quota-bucket', 'RATE:BURST (requests a second, and at most at once), e.g. 10:20');
  const window = pair('quota-window', 'LIMIT:SECONDS (requests per window), e.g. 600:60');
  if (bucket && window) throw new RunCannotStart('--quota-bucket and --quota-window exclude each other');
  if (bucket) out.quota = { kind: 'bucket', ratePerS: bucket[0], burst: bucket[1] };
  if (window) out.quota = { kind: 'window', limit: window[0], windowS: window[1] };
  const choice = <T extends string>(flag: string, allowed: readonly T[]): T | undefined => {
    const raw = v[flag];
    if (typeof raw !== 'string') return undefined;
    if (!(allowed as readonly string[]).includes(raw))
      throw new RunCannotStart(`--${flag} must be ${allowed.join(', ')}; got ${JSON.stringify(raw)}`);
    return raw as T;
  };
  const retryAfter = choice('retry-after', ['seconds', 'date', 'none'] as const);
  if (retryAfter) out.retryAfter = retryAfter;
  const headers = choice('quota-headers', ['none', 'ratelimit', 'x-ratelimit'] as const);
  if (headers) out.quotaHeaders = headers;
  return out;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Parses flags; a flag that takes no value also takes `--flag=true` or `--flag=false` (values reads
 * false as false, not as absent, so it overrides the environment). Any error names the flag.
 */
function parse(argv: string[], options: Options) {
  const { rest, explicit } = booleanAssignments(argv, options);
  try {
    const parsed = parseArgs({ args: rest, options, strict: true, allowPositionals: false });
    return { ...parsed, values: { ...parsed.values, ...explicit } };
  } catch (err) {
    throw new RunCannotStart(`${argsError(err, rest, options)}. Run \`npx conformance --help\` for the flags.`);
  }
}

/** `--flag=true` and `--flag=false` of the flags that take no value, taken out of argv. */
export function booleanAssignments(
  argv: readonly string[],
  options: Options,
): { rest: string[]; explicit: Record<string, boolean> } {
  const explicit: Record<string, boolean> = {};
  const rest: string[] = [];
  for (const arg of argv) {
    const m = /^--([^=]+)=(.*)$/s.exec(arg);
    if (m === null || options[m[1]!]?.type !== 'boolean') {
      rest.push(arg);
      continue;
    }
    if (m[2] !== 'true' && m[2] !== 'false')
      throw new RunCannotStart(`--${m[1]!} takes no value, or =true / =false (the value given is not shown)`);
    explicit[m[1]!] = m[2] === 'true';
  }
  return { rest, explicit };
}

/**
 * parseArgs's message for a command line it refuses, naming the flag. Its "Unexpected argument '…'"
 * quotes the stray value, which is often a key given after a flag that takes none (`--read-only KEY`
 * for `--read-only-api-key KEY`), and no redactor knows that value yet: so it is never repeated; the
 * flag before it is named instead.
 */
export function argsError(err: unknown, argv?: readonly string[], options?: Options): string {
  if ((err as { code?: unknown } | undefined)?.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const before = argv && options ? flagBeforeStray(argv, options) : undefined;
    if (before !== undefined && options?.[before]?.type === 'boolean')
      return `--${before} takes no value (write --${before}, or --${before}=true / --${before}=false): the argument after it belongs to no flag (not shown: it may be a key)`;
    return `an argument ${before !== undefined ? `after --${before} ` : ''}belongs to no flag (not shown: it may be a key; a flag that takes a value needs it right after the flag)`;
  }
  return err instanceof Error ? err.message : String(err);
}

/** The flag right before the first argument no flag takes, or undefined when it comes first. */
function flagBeforeStray(argv: readonly string[], options: Options): string | undefined {
  let last: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('-')) return last;
    const name = a.replace(/^--?/, '').split('=')[0]!;
    const short = Object.entries(options).find(([, o]) => o.short === name)?.[0];
    last = short ?? name;
    if (options[last]?.type === 'string' && !a.includes('=')) i++;
  }
  return undefined;
}
