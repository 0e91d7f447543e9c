import type { Fixtures } from '../spec/register.js';
import type { CheckContext, ContextParts } from './check-context.js';

/**
 * What a check needs from the user, as its context asks it: a fixture value, a fixture value that can
 * serve it, a key. Each skips the check when it lacks one, with a reason that names what to supply.
 */
export function fixtureNeeds(p: ContextParts): Pick<CheckContext, 'need' | 'unfit' | 'needKey'> {
  return {
    need(value, described) {
      if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
        const { key, what } = keyOf(described);
        // a key the user did set is never "not set": say what is wrong with its value instead
        if (isSet(p.target.fixtures, key)) {
          const problem = `its value does not serve this check${what ? ` (${what})` : ''}`;
          p.skip(`fixtures: \`${key}\` is set, but ${problem}`, { key, kind: 'unusable', problem });
        }
        p.skip(
          `fixtures: \`${key}\` is not set${what ? ` (${what})` : ''}; name it in the fixtures file to run this check`,
          { key, kind: 'missing', ...(what ? { problem: what } : {}) },
        );
      }
      return value as NonNullable<typeof value>;
    },
    unfit(key, problem) {
      return p.skip(`fixtures: \`${key}\` is set, but ${problem}`, { key, kind: 'unusable', problem });
    },
    needKey(key) {
      if (p.target.keys[key] === undefined) {
        const flag = key === 'otherOrgApiKey' ? '--other-org-api-key' : '--read-only-api-key';
        const env = key === 'otherOrgApiKey' ? 'CONFORMANCE_OTHER_ORG_API_KEY' : 'CONFORMANCE_READ_ONLY_API_KEY';
        p.skip(`no ${key}: pass ${flag} (${env}) to run this check`, { key: flag, kind: 'missing' });
      }
    },
  };
}

/** `taskIds (one task)` → the key and what it must name. */
function keyOf(described: string): { key: string; what?: string } {
  const m = /^(\S+)\s+\((.*)\)$/s.exec(described);
  return m ? { key: m[1]!, what: m[2]! } : { key: described };
}

/** Whether the fixtures give a value at a key path (`opportunity.stageId`, `taskIds[0]`). */
function isSet(fixtures: Fixtures, key: string): boolean {
  let v: unknown = fixtures;
  for (const part of key.replace(/\[\d+\]$/, '').split('.')) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, part)) return false;
    v = (v as Record<string, unknown>)[part];
  }
  return v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);
}
