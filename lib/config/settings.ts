/**
 * Every setting of a run, declared once: its flag, its environment variable, the fixtures-file key
 * that may also carry it, its default and its documentation. The README's table follows this one
 * (a test compares them). Precedence: flag > environment (.env included) > fixtures file > default.
 */
export interface Setting {
  flag: string;
  env: string;
  /** the fixtures-file key that may carry the value (a list setting's: a list) */
  fixturesKey?: 'baseUrl' | 'apiKey' | 'otherOrgApiKey' | 'readOnlyApiKey' | 'allowHosts';
  default?: string;
  /** the value is a credential: never printed */
  secret?: boolean;
  /** `boolean`: a flag without a value (env: true/1/yes); `list`: repeatable, or comma-separated */
  kind?: 'boolean' | 'list';
  doc: string;
}

export const SETTINGS = {
  baseUrl: {
    flag: 'base-url',
    env: 'CONFORMANCE_BASE_URL',
    fixturesKey: 'baseUrl',
    doc: 'server under test, including `/api/v2/public`. Unset: the embedded reference server is started on a free loopback port, seeded, and targeted',
  },
  apiKey: {
    flag: 'api-key',
    env: 'CONFORMANCE_API_KEY',
    fixturesKey: 'apiKey',
    secret: true,
    doc: 'key of organization A (full rights)',
  },
  otherOrgApiKey: {
    flag: 'other-org-api-key',
    env: 'CONFORMANCE_OTHER_ORG_API_KEY',
    fixturesKey: 'otherOrgApiKey',
    secret: true,
    doc: 'optional key of a second organization; enables the isolation checks',
  },
  readOnlyApiKey: {
    flag: 'read-only-api-key',
    env: 'CONFORMANCE_READ_ONLY_API_KEY',
    fixturesKey: 'readOnlyApiKey',
    secret: true,
    doc: 'optional key of organization A that may read but not write; enables the 403 checks',
  },
  fixtures: {
    flag: 'fixtures',
    env: 'CONFORMANCE_FIXTURES',
    doc: 'JSON file naming pre-existing records (see "The fixtures file")',
  },
  reportDir: {
    flag: 'report-dir',
    env: 'CONFORMANCE_REPORT_DIR',
    default: './conformance-report',
    doc: 'where `conformance.json` is written',
  },
  seed: {
    flag: 'seed',
    env: 'CONFORMANCE_SEED',
    doc: 'seed of the generated data (default: one derived from the suite version, so two runs of one version send the same inputs; printed)',
  },
  explore: {
    flag: 'explore',
    env: 'CONFORMANCE_EXPLORE',
    kind: 'boolean',
    doc: "a fresh random seed (printed) instead of the version's: new generated inputs, e.g. for a nightly run",
  },
  timeoutMs: {
    flag: 'timeout',
    env: 'CONFORMANCE_TIMEOUT_MS',
    default: '15000',
    doc: 'per-request timeout in milliseconds: one deadline for the whole exchange, headers and body',
  },
  maxResponseBytes: {
    flag: 'max-response-bytes',
    env: 'CONFORMANCE_MAX_RESPONSE_BYTES',
    default: '16777216',
    doc: 'the most bytes read from one answer (16 MiB); a longer answer is no usable answer and blocks the checks that needed it',
  },
  only: {
    flag: 'only',
    env: 'CONFORMANCE_ONLY',
    kind: 'list',
    doc: 'run only these checks: rule ids, check keys (`rule@hhhhhh`: exactly one check, as a rerun command names it), globs (`contact.*`) or endpoint groups (`tasks`); repeatable or comma-separated',
  },
  skip: { flag: 'skip', env: 'CONFORMANCE_SKIP', kind: 'list', doc: 'leave these checks out (same forms as --only)' },
  level: {
    flag: 'level',
    env: 'CONFORMANCE_LEVEL',
    default: 'all',
    doc: '`must`: run only MUST-level checks; `all` (default) runs SHOULD-level checks too',
  },
  baseline: {
    flag: 'baseline',
    env: 'CONFORMANCE_BASELINE',
    doc: 'JSON file of known deviations that do not fail the run (see "CI gate")',
  },
  writeBaseline: {
    flag: 'write-baseline',
    env: 'CONFORMANCE_WRITE_BASELINE',
    doc: "write the run's deviations to this file as a baseline",
  },
  shard: {
    flag: 'shard',
    env: 'CONFORMANCE_SHARD',
    doc: 'run shard `i/n` of the endpoint groups (merge the report folders with `npx conformance merge`)',
  },
  examples: {
    flag: 'examples',
    env: 'CONFORMANCE_EXAMPLES',
    doc: 'an examples.json of an earlier run: its failing generated inputs are tried first (see "Generated cases")',
  },
  signKey: {
    flag: 'sign-key',
    env: 'CONFORMANCE_SIGN_KEY',
    doc: 'an Ed25519 private key (PEM) to sign certificate.json with (see "Certificates")',
  },
  readOnly: {
    flag: 'read-only',
    env: 'CONFORMANCE_READ_ONLY',
    kind: 'boolean',
    doc: 'change nothing: run only checks whose requests cannot write (reads, and requests rejected before any write)',
  },
  concurrency: {
    flag: 'concurrency',
    env: 'CONFORMANCE_CONCURRENCY',
    default: '32',
    doc: 'the most requests in flight: a run starts at 8 (or this, when lower) and grows per clean window while the server keeps pace (doubling until the first halving, then by one); a 429 or a latency rise halves it',
  },
  maxRequests: {
    flag: 'max-requests',
    env: 'CONFORMANCE_MAX_REQUESTS',
    doc: 'safety cap on the requests a run sends; past it, checks fail as blocked',
  },
  maxWait: {
    flag: 'max-wait',
    env: 'CONFORMANCE_MAX_WAIT',
    default: '180',
    doc: 'how long a rate-limited run waits (seconds; `90s`, `3m` also read): it stops only when the server has answered nothing but 429 for this long, or asks to wait longer (see docs/rate-limits.md)',
  },
  deadline: {
    flag: 'deadline',
    env: 'CONFORMANCE_DEADLINE',
    default: '30m',
    doc: 'the run ends by then whatever the server says (seconds; `90s`, `30m` also read): kept by the clock, it stops the run at once, which still writes every report (see docs/rate-limits.md)',
  },
  cases: {
    flag: 'cases',
    env: 'CONFORMANCE_CASES',
    default: '4',
    doc: 'generated cases per generated check (fast-check; `--seed N --only generated.…` repeats them)',
  },
  strict: {
    flag: 'strict',
    env: 'CONFORMANCE_STRICT',
    kind: 'boolean',
    doc: 'a failure under a rule that rests on one reading of a sentence with two (`reading: "strict"`) fails the run too; without it they are reported apart and do not',
  },
  allowIncomplete: {
    flag: 'allow-incomplete',
    env: 'CONFORMANCE_ALLOW_INCOMPLETE',
    kind: 'boolean',
    doc: 'a run incomplete only because MUST-level checks were skipped (a fixture or key it lacks on purpose) exits 0; the verdict still says `incomplete`',
  },
  keepFailing: {
    flag: 'keep-failing',
    env: 'CONFORMANCE_KEEP_FAILING',
    kind: 'boolean',
    doc: "a failed check's records are not archived when it ends, so its curl reproducers still find them; they stay in the ledger for `npx conformance cleanup`",
  },
  allowHost: {
    flag: 'allow-host',
    env: 'CONFORMANCE_ALLOW_HOST',
    fixturesKey: 'allowHosts',
    kind: 'list',
    doc: "a host (`name` or `name:port`) besides the base URL's origin whose links the server states may be followed, without any key (a pre-signed link); repeatable or comma-separated, or the fixtures file's `allowHosts` list. Unset: only links on the base URL's origin are followed",
  },
  har: {
    flag: 'har',
    env: 'CONFORMANCE_HAR',
    doc: 'also write every request the checks sent, keys redacted, to this HTTP Archive (HAR) file',
  },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;
