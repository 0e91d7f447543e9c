import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../lib/check/context.js';
import { NonConformance, SetupFailure } from '../lib/check/non-conformance.js';
import { holdsForAll } from '../lib/check/property.js';
import type { Exchange } from '../lib/http/exchange.js';
import type { Violation } from '../lib/check/outcome.js';
import type { RuleId } from '../suites/spec/rules/catalogue.js';
import { JUDGES } from '../suites/spec/judges.js';

// The generated-case harness (lib/check/property.ts) on its own: seeding, shrinking, blocking, other
// rules' findings, and inputs run at once. The property here is a plain function of the input, so
// each test knows exactly which inputs must fail.

const RULE: RuleId = 'generated.write-round-trip';
const EXCHANGE = { request: { method: 'GET', url: 'http://127.0.0.1/x', headers: {} }, ms: 0 } as unknown as Exchange;

/** The part of a check's context the harness uses, and the findings it recorded. */
function context(o: { seed?: number; cases?: number } = {}): CheckContext & { findings: Violation[] } {
  const findings: Violation[] = [];
  return {
    rule: RULE,
    title: 'a property of x',
    target: { seed: o.seed ?? 7, cases: o.cases ?? 20, judges: JUDGES },
    found: (v: Violation) => findings.push(v),
    findings,
  } as unknown as CheckContext & { findings: Violation[] };
}

const broken = (rule: RuleId, actual: string) => new NonConformance({ rule, expected: 'x below 10', actual }, EXCHANGE);

/** Every input the property saw, in the order it saw them. */
async function inputsOf(c: CheckContext, independent = false): Promise<number[]> {
  const seen: number[] = [];
  await holdsForAll(
    c,
    'numbers',
    fc.integer({ min: 0, max: 1000 }),
    (n) => {
      seen.push(n);
      return Promise.resolve();
    },
    { independent },
  );
  return seen;
}

describe('holdsForAll: seeding', () => {
  it('draws the same inputs for the same run seed and label, others for another seed, --cases of them', async () => {
    const first = await inputsOf(context({ seed: 7 }));
    expect(first).toHaveLength(20);
    expect(await inputsOf(context({ seed: 7 }))).toEqual(first);
    expect(await inputsOf(context({ seed: 8 }))).not.toEqual(first);
  });

  it('runs the examples first, and they count in the cases', async () => {
    const seen: number[] = [];
    await holdsForAll(
      context({ cases: 5 }),
      'numbers',
      fc.integer({ min: 0, max: 1000 }),
      (n) => {
        seen.push(n);
        return Promise.resolve();
      },
      { examples: [4242, 4343] },
    );
    expect(seen.slice(0, 2)).toEqual([4242, 4343]);
    expect(seen).toHaveLength(5);
  });

  it('independent inputs are the very inputs one after another would try, all sent at once', async () => {
    const c = context({ seed: 11 });
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    await holdsForAll(
      c,
      'numbers',
      fc.integer({ min: 0, max: 1000 }),
      async (n) => {
        seen.push(n);
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
      },
      { independent: true },
    );
    expect(seen).toEqual(await inputsOf(context({ seed: 11 })));
    expect(most).toBe(20);
  });

  it('gives each input a faker of its own, the same whether the inputs run at once or one after another', async () => {
    const names = async (independent: boolean) => {
      const out = new Map<number, string>();
      await holdsForAll(
        { ...context({ seed: 3 }), target: { seed: 3, cases: 6, judges: JUDGES } } as unknown as CheckContext,
        'names',
        fc.integer({ min: 0, max: 1_000_000 }),
        async (n, cc) => {
          // a random delay: at once, the inputs reach their faker in another order
          await new Promise((r) => setTimeout(r, (n % 7) * 2));
          out.set(n, cc.faker.person.fullName());
        },
        { independent },
      );
      return out;
    };
    const [apart, atOnce] = [await names(false), await names(true)];
    expect([...atOnce].sort()).toEqual([...apart].sort());
    expect(new Set(atOnce.values()).size).toBe(atOnce.size);
  });
});

describe('holdsForAll: a failure', () => {
  const failsFrom10 = async (independent: boolean) => {
    const c = context();
    const err = await holdsForAll(
      c,
      'numbers',
      fc.integer({ min: 0, max: 1000 }),
      (n) => (n >= 10 ? Promise.reject(broken(RULE, `x = ${n}`)) : Promise.resolve()),
      { independent },
    ).catch((e: unknown) => e);
    return err as NonConformance;
  };

  it('is shrunk to the smallest failing input, with the seed, the path and the command that repeats it', async () => {
    const err = await failsFrom10(false);
    expect(err).toBeInstanceOf(NonConformance);
    expect(err.violation.rule).toBe(RULE);
    expect(err.violation.actual).toMatch(
      /^x = 10; smallest failing input 10 \(after \d+ shrinks; fast-check seed \d+, path [\d:]+\); repeat: /,
    );
    expect(err.example).toEqual({ key: `${RULE}:numbers`, input: 10 });
  });

  it('found with the inputs at once, is shrunk one input after another to the same smallest input', async () => {
    const [apart, atOnce] = [await failsFrom10(false), await failsFrom10(true)];
    expect(atOnce.violation.actual).toBe(apart.violation.actual);
  });

  it('found with the inputs at once, is run again with filler of its own, never meeting the first pass', async () => {
    const names: string[] = [];
    await holdsForAll(
      context({ cases: 8 }),
      'names',
      fc.integer({ min: 0, max: 1000 }),
      (n, cc) => {
        names.push(cc.faker.string.alphanumeric(12));
        return n >= 10 ? Promise.reject(broken(RULE, `x = ${n}`)) : Promise.resolve();
      },
      { independent: true },
    ).catch(() => undefined);
    const [first, again] = [names.slice(0, 8), names.slice(8)];
    expect(again.length).toBeGreaterThan(0);
    expect(again.filter((n) => first.includes(n))).toEqual([]);
  });

  it('a step that blocks ends the property unshrunk and is rethrown as it was', async () => {
    for (const independent of [false, true]) {
      const block = new SetupFailure('blocked', { step: 'POST /account', answer: 'HTTP 500' });
      let calls = 0;
      const err = await holdsForAll(
        context(),
        'numbers',
        fc.integer({ min: 0, max: 1000 }),
        () => {
          calls += 1;
          return Promise.reject(block);
        },
        { independent },
      ).catch((e: unknown) => e);
      expect(err).toBe(block);
      // one after another, the first block ends it; at once, every input had already gone
      expect(calls).toBe(independent ? 20 : 1);
    }
  });

  it("another rule broken by some inputs is that rule's finding, and the property holds", async () => {
    for (const independent of [false, true]) {
      const c = context();
      await holdsForAll(
        c,
        'numbers',
        fc.integer({ min: 0, max: 1000 }),
        (n) => (n % 2 === 0 ? Promise.reject(broken('value.shape', `even ${n}`)) : Promise.resolve()),
        { independent },
      );
      expect(c.findings.length).toBeGreaterThan(0);
      expect(c.findings.every((v) => v.rule === 'value.shape')).toBe(true);
    }
  });

  it('another rule broken by every input blocks the check on it', async () => {
    for (const independent of [false, true]) {
      const err = await holdsForAll(
        context(),
        'numbers',
        fc.integer({ min: 0, max: 1000 }),
        (n) => Promise.reject(broken('value.shape', `n ${n}`)),
        { independent },
      ).catch((e: unknown) => e);
      expect((err as NonConformance).violation.rule).toBe('value.shape');
    }
  });
});
