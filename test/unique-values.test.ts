import { describe, expect, it } from 'vitest';
import { fakerDone, fakerFor, withFaker } from '../lib/check/faker.js';
import { uniqueDomain, uniqueEmail, uniquePhone } from '../fixtures/builders/unique.js';
import { accountName } from '../fixtures/builders/account.js';
import { tagged, TAGGED_MAX } from '../fixtures/builders/tag.js';

const RUN = 'cr-20260101-1200-abc123';
const LATER = 'cr-20260102-0900-def456';

/** `n` values of one kind drawn by checks of one run (each check its own seeded faker). */
function draws(make: (f: ReturnType<typeof fakerFor>, runId: string) => string, runId: string, n = 300): string[] {
  return Array.from({ length: n }, (_, i) => make(fakerFor(7, `check #${i}`), runId));
}

describe('values a server may hold unique', () => {
  const kinds = { uniqueEmail, uniqueDomain, uniquePhone, accountName } as const;
  for (const [name, make] of Object.entries(kinds)) {
    it(`${name}: the seed decides them, the run id moves them, no two checks of a run share one`, () => {
      expect(draws(make, RUN)).toEqual(draws(make, RUN));
      const first = draws(make, RUN);
      const second = draws(make, LATER);
      expect(first.filter((v) => second.includes(v))).toEqual([]);
      expect(new Set(first).size).toBe(first.length);
    });
  }

  it('a faker given back draws, seeded again, what a new one seeded so draws', () => {
    const fresh = (name: string) => uniqueEmail(fakerFor(7, name), RUN);
    const expected = ['check #1', 'check #2', 'check #1'].map(fresh);
    // one faker taken and given back, again and again (withFaker, as the generated inputs draw)
    const drawn = ['check #1', 'check #2', 'check #1'].map((name) => withFaker(7, name, (f) => uniqueEmail(f, RUN)));
    expect(drawn).toEqual(expected);
    // one drawn from half-way, given back, then seeded afresh
    const used = fakerFor(7, 'check #2');
    used.string.alphanumeric(40);
    fakerDone(used);
    expect(withFaker(7, 'check #1', (f) => uniqueEmail(f, RUN))).toBe(expected[0]);
  });

  it('an email, a domain and a name carry the run id itself; a phone number stays a number of the 555 range', () => {
    const f = fakerFor(7, 'check');
    expect(uniqueEmail(f, RUN)).toMatch(new RegExp(`^[a-z0-9._-]+@${RUN}\\.example\\.com$`));
    expect(uniqueDomain(f, RUN)).toMatch(new RegExp(`\\.${RUN}\\.example$`));
    expect(accountName(f, RUN)).toContain(RUN);
    expect(uniquePhone(f, RUN)).toMatch(/^\+1555\d{7}$/);
  });
});

// a server may cap names at 40 characters (variation names-capped-40): every tagged text fits, and
// keeps the run id and its last word (the random part the builders put there)
describe('tagged texts', () => {
  it('fit 40 characters, carry the run id and keep the random part', () => {
    const names = draws(accountName, RUN);
    for (const n of names) {
      expect(Array.from(n).length).toBeLessThanOrEqual(TAGGED_MAX);
      expect(n).toContain(`[${RUN}]`);
    }
    expect(new Set(names).size).toBe(names.length);
    expect(tagged('Schowalter, Kuhlman and Greenfelder ABC12', RUN)).toBe(`Schowalt ABC12 [${RUN}]`);
    expect(tagged('Smith', RUN)).toBe(`Smith [${RUN}]`);
  });
});
