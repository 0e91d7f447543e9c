import type { Faker } from '@faker-js/faker';
import { ApiClient, type Auth } from '../http/client.js';
import type { Exchange } from '../http/exchange.js';
import type { RuleId } from '../rules/catalogue.js';
import type { Target } from '../target/target.js';
import type { Fixtures } from '../target/fixtures.js';
import { redactorFor } from '../evidence/redactor-for.js';
import { fakerFor } from '../../fixtures/faker.js';
import { Conformance } from './expect-conform.js';
import type { Observation } from './meta.js';
import { SetupFailure } from './non-conformance.js';

/** What a check function gets: a client, the target, seeded faker, expectations and bookkeeping. */
export interface CheckContext {
  readonly rule: RuleId;
  readonly target: Target;
  readonly fixtures: Fixtures;
  readonly runId: string;
  readonly faker: Faker;
  /** the client with organization A's full key (per request `auth` picks another) */
  readonly api: ApiClient;
  /** expectations on an exchange, under the check's rule unless one is given */
  expect(ex: Exchange, rule?: RuleId): Conformance;
  /** the last exchange this check made */
  last(): Exchange;
  /** a fixture value, or skip the check with a reason that names the missing key */
  need<T>(value: T | undefined, fixtureKey: string): T;
  /** skip when a key of the run is missing (`otherOrgApiKey`, `readOnlyApiKey`) */
  needKey(key: Exclude<Auth, 'apiKey' | 'none' | { raw: string }>): void;
  /** a step the check depends on: a non-2xx answer blocks the check (it fails, marked blocked) */
  setup(ex: Exchange, what: string): Conformance;
  /** record what the server did where the spec is silent (INFO, never a failure) */
  observe(topic: string, text: string, data?: Observation['data']): void;
  /** run after the check, pass or fail (archive what it created) */
  cleanup(fn: () => Promise<unknown>): void;
}

export interface ContextParts {
  rule: RuleId;
  target: Target;
  seedName: string;
  skip: (reason: string) => never;
  exchanges: Exchange[];
  observations: Observation[];
  cleanups: Array<() => Promise<unknown>>;
}

export function makeContext(p: ContextParts): CheckContext {
  const api = new ApiClient({
    baseUrl: p.target.baseUrl,
    keys: p.target.keys,
    timeoutMs: p.target.timeoutMs,
    maxRateLimitRetries: p.target.maxRateLimitRetries,
    redactor: redactorFor(p.target.keys),
    onExchange: (ex) => p.exchanges.push(ex),
  });
  return {
    rule: p.rule,
    target: p.target,
    fixtures: p.target.fixtures,
    runId: p.target.runId,
    faker: fakerFor(p.target.seed, p.seedName),
    api,
    expect: (ex, rule) => new Conformance(ex, rule ?? p.rule),
    last() {
      const ex = p.exchanges.at(-1);
      if (!ex) throw new Error('no exchange yet');
      return ex;
    },
    need(value, key) {
      if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
        p.skip(`fixtures: \`${key}\` is not set; name it in the fixtures file to run this check`);
      }
      return value as NonNullable<typeof value>;
    },
    needKey(key) {
      if (p.target.keys[key] === undefined) {
        const flag = key === 'otherOrgApiKey' ? '--other-org-api-key (CONFORMANCE_OTHER_ORG_API_KEY)' : '--read-only-api-key (CONFORMANCE_READ_ONLY_API_KEY)';
        p.skip(`no ${key}: pass ${flag} to run this check`);
      }
    },
    setup(ex, what) {
      const status = ex.response?.status;
      if (status === undefined || status < 200 || status > 299) {
        const code = (ex.response?.json as { code?: unknown } | undefined)?.code;
        throw new SetupFailure(`blocked: ${what} answered ${status === undefined ? ex.transportError ?? 'nothing' : `HTTP ${status}${typeof code === 'string' ? ` (${code})` : ''}`}; see the check of that operation`, ex);
      }
      return new Conformance(ex, p.rule);
    },
    observe(topic, text, data) {
      p.observations.push({ topic, text, ...(data ? { data } : {}) });
    },
    cleanup(fn) {
      p.cleanups.push(fn);
    },
  };
}
