import { describe, expect, it } from 'vitest';
import { runWithHar } from './support/har-run.js';

/**
 * The spec shows no write form for an account's domains, so a check that needs an account with two
 * domains tries the forms of fixtures/builders/account.ts. On a server that takes none (a legal choice),
 * every such check used to try all three, one round trip after another, before it could start on the
 * fixture: the forms past the first are now learnt once per run, by a set-up.
 */
interface Entry {
  request: { method: string; url: string; postData?: { text: string } };
  _check: { index: number; id: string };
}

describe('the domains write forms on a server that takes none on account create', () => {
  it('are tried past the first once per run, not by every check', async () => {
    const { entries } = await runWithHar<Entry>(['account-domains-not-on-create']);
    const withDomains = entries.filter(
      (e) =>
        e.request.method === 'POST' &&
        new URL(e.request.url).pathname.endsWith('/account') &&
        domainsIn(e.request.postData?.text),
    );
    const perCheck = new Map<number, number>();
    for (const e of withDomains) perCheck.set(e._check.index, (perCheck.get(e._check.index) ?? 0) + 1);
    const setUps = withDomains.filter((e) => e._check.id === 'set-up');
    const checks = [...perCheck].filter(([index]) => !setUps.some((e) => e._check.index === index));
    // the set-up's creates carry domains alone (the value types' create writes many attributes at once)
    const formsLearnt = setUps.filter((e) => attributeNames(e.request.postData?.text) === 'display_name,domains');
    // the checks that need such an account: each tries the first form once, then the fixture
    expect(checks.length).toBeGreaterThanOrEqual(4);
    for (const [, n] of checks) expect(n).toBe(1);
    // and the later two forms, once each, by the set-up
    expect(formsLearnt).toHaveLength(2);
  }, 120_000);
});

/** Whether a request body is JSON whose attributes carry domains (the media-type probes send other bodies). */
function domainsIn(text: string | undefined): boolean {
  return attributeNames(text).split(',').includes('domains');
}

/** The attribute names of a JSON body, sorted and joined by commas; '' for another body. */
function attributeNames(text: string | undefined): string {
  try {
    const body = JSON.parse(text ?? '{}') as { attributes?: Record<string, unknown> };
    return Object.keys(body.attributes ?? {})
      .sort()
      .join(',');
  } catch {
    return '';
  }
}
