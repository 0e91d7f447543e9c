import type { OperationIndex } from '../operations/operation-index.js';
import type { Faker } from '@faker-js/faker';
import type { Exchange } from '../http/exchange.js';
import type { RuleId } from '../spec/register.js';
import { fakerDone, fakerFor } from './faker.js';
import { Conformance } from './expect-conform.js';
import type { BlockedBy } from './outcome.js';
import { operationOf, type FindingScope } from './finding.js';
import { fixtureOfStep } from './step-fixtures.js';
import { SetupFailure } from './non-conformance.js';
import { TransportFailure } from '../http/exchange.js';
import { CreatedRecords, type TrackerOptions } from '../safety/tracker.js';
import type { CheckContext, ContextParts } from './check-context.js';
import { checkClient } from './check-client.js';
import { archiveWhatWasMade } from './auto-archive.js';
import { fixtureNeeds } from './fixture-needs.js';
import { answerOf } from './answer.js';
import { CheckNotApplicable } from './not-applicable.js';

export type { CheckContext, ContextParts, CreatedEntryRef, RequestSpan } from './check-context.js';
export { RecordKept } from './check-context.js';
export { answerOf } from './answer.js';

function block(operations: OperationIndex, step: string, answer: string, ex?: Exchange, rule?: RuleId): never {
  const fixture = fixtureOfStep(step, operations);
  const blockedBy: BlockedBy = { step, answer, ...(fixture ? { fixture } : {}), ...(rule ? { rule } : {}) };
  throw new SetupFailure(
    `blocked: ${step} answered ${answer}${fixture ? ` (with fixtures \`${fixture}\`)` : ''}; see the checks of that operation`,
    blockedBy,
    ex,
  );
}

/**
 * A check's context: its client (lib/check/check-client.ts), what it made archived after it
 * (lib/check/auto-archive.ts), its expectations, needs, blocks, skips, observations and findings.
 */
export function makeContext(p: ContextParts): CheckContext {
  const records = new CreatedRecords({
    runId: p.target.runId,
    operations: p.target.operations,
    rule: p.madeBy ?? p.rule,
    ...(p.target.ledgerFile !== undefined ? { ledgerFile: p.target.ledgerFile } : {}),
    warn: (text) => p.observations.push({ topic: 'cleanup', text }),
    fixtures: p.target.fixtures,
    ...sharedRecords(p),
  });
  const api = checkClient(p, records);
  // Registered first, so it runs last of the cleanups (they run in reverse)
  p.cleanups.push(archiveWhatWasMade(p, api, records));
  const scope: FindingScope = {
    own: p.rule,
    found: (violation, ex) => p.findings.push({ violation, operation: operationOf(ex, p.target), exchange: ex }),
    refusedForTheUser: (ex) => p.target.judges.refusedForTheUser(ex, p.target) !== undefined,
  };
  const faker = lazyFaker(p);
  const context: CheckContext = {
    rule: p.rule,
    title: p.title ?? p.seedName,
    target: p.target,
    fixtures: p.target.fixtures,
    runId: p.target.runId,
    get faker() {
      return faker.get();
    },
    api,
    expect: (ex, rule) => new Conformance(ex, rule ?? p.rule, p.target.judges, scope),
    last() {
      const ex = p.exchanges.at(-1);
      if (!ex) throw new Error('no exchange yet');
      return ex;
    },
    ...fixtureNeeds(p),
    setup(ex, what) {
      const status = ex.response?.status;
      if (status === undefined) throw new TransportFailure(ex);
      if (status < 200 || status > 299) block(p.target.operations, what, answerOf(ex), ex);
      return new Conformance(ex, p.rule, p.target.judges, scope);
    },
    block: (step, answer, ex, rule) => block(p.target.operations, step, answer, ex, rule),
    ...unjudged(p),
    found: (violation, ex) => scope.found(violation, ex),
    observe(topic, text, data) {
      p.observations.push({ topic, text, ...(data ? { data } : {}) });
    },
    cleanup: (fn) => cleanupOf(p, fn),
    created(id, type, archivePath, auth = 'apiKey') {
      records.add({ id, type, path: archivePath, auth });
    },
    shared(key, make) {
      return p.shared ? p.shared(key, make) : make(context);
    },
  };
  endings.set(context, faker.ended);
  return context;
}

/** A cleanup kept for the check's end, or run at once when the check already ended (check-context.ts). */
function cleanupOf(p: ContextParts, fn: () => Promise<unknown>): void {
  if (p.cleanedUp?.() === true) void fn().catch(() => undefined);
  else p.cleanups.push(fn);
}

/** The check's faker, made on first use (many checks never need one), given back when the check ended. */
function lazyFaker(p: ContextParts): { get: () => Faker; ended: () => void } {
  let faker: Faker | undefined;
  return {
    get: () => (faker ??= fakerFor(p.target.seed, p.seedName)),
    ended: () => {
      if (faker) fakerDone(faker);
      faker = undefined;
    },
  };
}

const endings = new WeakMap<CheckContext, () => void>();

/** The check of context `c` ended, its cleanups too: its faker goes to the next check (lib/check/faker.ts). */
export function contextEnded(c: CheckContext): void {
  endings.get(c)?.();
}

/** How a check ends with no verdict of its own (skipped, not applicable), and what the run's answers showed. */
function unjudged(p: ContextParts): Pick<CheckContext, 'skip' | 'notApplicable' | 'seen' | 'errorsAt'> {
  return {
    skip: (reason, needs) => p.skip(reason, needs),
    notApplicable(reason, proof) {
      throw new CheckNotApplicable(reason, proof);
    },
    seen: (key) => p.target.answers?.seen(key) ?? { values: 0, answers: 0, operations: [], failures: [] },
    errorsAt: (operation) =>
      p.target.answers?.errorsAt(operation) ?? { answers: 0, errors: 0, statuses: [], failures: [] },
  };
}

/** The tracker's view of the run's shared set-ups: whose records they are, and the ids no path may name. */
function sharedRecords(p: ContextParts): Pick<TrackerOptions, 'unusable' | 'onRecorded' | 'madeElsewhere'> {
  const shared = p.setupRecords;
  if (!shared) return {};
  return {
    ...(shared.unusable ? { unusable: shared.unusable } : {}),
    ...(shared.mine
      ? { onRecorded: (id: string) => shared.ids.add(id) }
      : { madeElsewhere: (id) => shared.ids.has(id) }),
  };
}
