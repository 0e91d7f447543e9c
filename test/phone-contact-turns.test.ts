import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../lib/report/conformance-json.js';
import { runWithHar } from './support/har-run.js';

/**
 * On a server that takes no phone items on contact create (a legal choice: their writability is not
 * stated), every check that needs a contact with phone items uses the one the user names
 * (contactWithPhoneNumbersId), and those that write it take turns on it: their requests add up to the
 * run's longest chain. So a turn holds only the requests the check's judgement needs: a probe that
 * judges its own answer sends that one request (the item ids are the fixtures check's read); the typed-
 * value checks judge the fixtures check's read and take no turn; a refused write's read after it both
 * judges the write and tells whether anything must be put back.
 */
interface Entry {
  request: { method: string; url: string };
  _check: { index: number; id: string; held: string[] };
}

async function run(): Promise<{ report: ConformanceReport; entries: Entry[]; contact: string }> {
  const { report, entries, fixtures } = await runWithHar<Entry>(['phone-items-not-on-create']);
  return { report, entries, contact: fixtures.contactWithPhoneNumbersId! };
}

/** Each check's requests (by its place in the run), in the order sent, as `METHOD path`. */
function byCheck(entries: readonly Entry[]): Map<number, { id: string; held: string[]; sent: string[] }> {
  const out = new Map<number, { id: string; held: string[]; sent: string[] }>();
  for (const e of entries) {
    const c = out.get(e._check.index) ?? { id: e._check.id, held: e._check.held, sent: [] };
    c.sent.push(`${e.request.method} ${new URL(e.request.url).pathname}`);
    out.set(e._check.index, c);
  }
  return out;
}

describe("the turns on the user's contact with phone items", () => {
  it('hold only the requests each check judges by', async () => {
    const { report, entries, contact } = await run();
    expect(report.checks.filter((c) => c.status === 'failed' || c.status === 'blocked')).toEqual([]);
    const checks = [...byCheck(entries).values()];
    const holding = checks.filter((c) => c.held.includes(`contact:${contact}`));
    const ofContact = (c: { sent: string[] }) => c.sent.filter((s) => s.includes(`/contact/${contact}`));

    // the probes of a body, a media type or an id: the one PATCH they judge
    const probes = holding.filter((c) =>
      ['error.code.payload-too-large', 'media.unsupported-type-415', 'media.malformed-json'].includes(c.id),
    );
    expect(probes.map((c) => c.id).sort()).toEqual([
      'error.code.payload-too-large',
      'media.malformed-json',
      'media.unsupported-type-415',
    ]);
    for (const p of probes) expect(ofContact(p).map((s) => s.split(' ')[0])).toEqual(['PATCH']);

    // the typed values of a contact with phone items: the fixtures check's read, no turn, no request of it
    for (const c of checks.filter((x) => x.id === 'value.typed' || x.id === 'value.shape')) {
      expect(c.held).not.toContain(`contact:${contact}`);
      expect(ofContact(c)).toEqual([]);
    }

    // a refused write to an item: one read after it, which judges it and says whether to put it back
    const refused = holding.filter((c) => c.id === 'auth.forbidden-403' || c.id === 'isolation.other-organization');
    expect(refused.length).toBeGreaterThanOrEqual(2);
    for (const c of refused) {
      // organization B's write names B's contact in its path: the item is A's
      const write = c.sent.findIndex((s) => s.startsWith('PATCH') && s.includes('/contact_phone_numbers/'));
      expect(write, c.id).toBeGreaterThan(-1);
      const after = ofContact({ sent: c.sent.slice(write + 1) });
      expect(after, c.id).toHaveLength(1);
      expect(after[0], c.id).toMatch(new RegExp(`^GET .*/contact/${contact}$`));
    }
  }, 120_000);
});
