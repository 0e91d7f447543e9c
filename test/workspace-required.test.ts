import { describe, expect, it } from 'vitest';
import { workspaceRequiredBlock } from '../suites/spec/workspace-required.js';
import type { Exchange } from '../lib/http/exchange.js';

const BASE = 'http://127.0.0.1:1/api/v2/public';

/** A create answered 422 field_required_missing naming `field`; the request carries what `attributes` says. */
function refused(path: string, attributes: Record<string, unknown>, field: string, key = '<api-key>'): Exchange {
  const body = {
    status_code: 422,
    error_type: 'validation',
    code: 'field_required_missing',
    message: 'missing',
    details: { field, code: 'field_required_missing' },
  };
  return {
    request: {
      method: 'POST',
      url: `${BASE}${path}`,
      headers: { authorization: `Bearer ${key}` },
      body: JSON.stringify({ attributes }),
    },
    response: { status: 422, headers: { 'content-type': 'application/json' }, text: JSON.stringify(body), json: body },
    ms: 1,
    rateLimitRetries: 0,
  } as Exchange;
}

/** "A workspace may configure additional required create fields": such a refusal blocks, naming the key. */
describe('a create refused for a field the workspace requires', () => {
  it('names contact.createAttributes.<field> for organization A, otherOrg.… for organization B', () => {
    expect(workspaceRequiredBlock(refused('/contact', { stage: 'lead' }, 'department'))?.fixture).toBe(
      'contact.createAttributes.department',
    );
    expect(
      workspaceRequiredBlock(refused('/contact', { stage: 'lead' }, 'department', '<other-org-api-key>'))?.fixture,
    ).toBe('otherOrg.contact.createAttributes.department');
  });

  it('names <type>.createAttributes.<field> for account and opportunity creates too, otherOrg.… for organization B', () => {
    const opportunity = { display_name: 'd', stage: 'open', account_id: 'a' };
    expect(workspaceRequiredBlock(refused('/opportunity', opportunity, 'close_date'))).toMatchObject({
      step: 'POST /opportunity',
      fixture: 'opportunity.createAttributes.close_date',
    });
    expect(
      workspaceRequiredBlock(refused('/account', { display_name: 'a' }, 'domains', '<other-org-api-key>')),
    ).toMatchObject({ step: 'POST /account', fixture: 'otherOrg.account.createAttributes.domains' });
    // the spec's own create fields are never the workspace's
    expect(workspaceRequiredBlock(refused('/opportunity', opportunity, 'account_id'))).toBeUndefined();
    expect(workspaceRequiredBlock(refused('/account', { display_name: 'a' }, 'display_name'))).toBeUndefined();
  });

  it("is no such refusal when the field is the spec's own, was sent, the body had no stage, or the create was none the spec shows", () => {
    expect(workspaceRequiredBlock(refused('/contact', { stage: 'lead' }, 'stage'))).toBeUndefined();
    expect(
      workspaceRequiredBlock(refused('/contact', { stage: 'lead', department: 'x' }, 'department')),
    ).toBeUndefined();
    expect(workspaceRequiredBlock(refused('/contact', { first_name: 'a' }, 'department'))).toBeUndefined();
    expect(workspaceRequiredBlock(refused('/task', { stage: 'lead' }, 'department'))).toBeUndefined();
    expect(workspaceRequiredBlock(refused('/account', { stage: 'lead' }, 'department'))).toBeUndefined();
  });
});
