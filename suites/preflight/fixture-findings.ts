import type { ApiClient } from '../../lib/http/client.js';
import { pathUnderBase, type Exchange } from '../../lib/http/exchange.js';
import { answerOf } from '../../lib/check/context.js';
import { recordOf, type ApiRecord } from '../spec/record.js';
import { recordViolations } from '../spec/record-violations.js';
import type { Preflight } from '../../lib/check/preflight.js';
import type { RecordKind } from '../spec/schemas/index.js';
import type { Target } from '../../lib/target/target.js';

/** What one fixture's check reads from, and where it files what it learns beyond its findings. */
export interface FixtureCheck {
  api: ApiClient;
  target: Target;
  preflight: Preflight;
}

/** One fixture's findings: its mistakes (one line each) and whether it was checked. */
export interface Findings {
  mistakes: string[];
  checked: string[];
  /** the record a key names is not on the server: the key, the answer, the fix */
  missing(key: string, ex: Exchange, fix: string): void;
}

export function findingsOf(baseUrl: string): Findings {
  const mistakes: string[] = [];
  return {
    mistakes,
    checked: [],
    missing: (key, ex, fix) => {
      mistakes.push(
        `fixtures: ${key}: ${ex.request.method} ${pathUnderBase(ex, baseUrl)} answered ${answerOf(ex)}; ${fix}`,
      );
    },
  };
}

/** The record of a 2xx answer (with the given id, when one is given), or undefined. */
export function okRecord(ex: Exchange, id?: string): ApiRecord | undefined {
  const s = ex.response?.status;
  if (s === undefined || s < 200 || s > 299) return undefined;
  const r = recordOf(ex.response?.json);
  return r && (id === undefined || r.id === id) ? r : undefined;
}

/**
 * `okRecord`, and only when the record breaks none of the spec's shapes: the fixtures check blames
 * a fixture only on an answer that conforms and lacks what the fixture claims. A record of another
 * shape goes on to the checks, which report the deviation under the rule it breaks (exit 1).
 */
export function conformingRecord(ex: Exchange, kind: RecordKind, id?: string): ApiRecord | undefined {
  const r = okRecord(ex, id);
  return r && recordViolations(kind, ex.response?.json).length === 0 ? r : undefined;
}
