import type { CheckContext } from '../../lib/check/context.js';
import type { HttpMethod } from '../../lib/operations/api-operation.js';
import { tagged } from '../../fixtures/builders/tag.js';
import {
  recordIds,
  splitEndpoint,
  withAttributes,
  withBody,
  type AnyRow,
  type AnyTable,
} from '../spec/operation-row.js';
import type { StatedEndpoint } from '../spec/operations.js';
import { realPath } from './probe-records.js';

/**
 * The families of checks on a write's body, as functions of the operation table: a body of another
 * media type (415), malformed JSON (400), an oversize body (413) on every operation with a body, and an
 * unknown attribute name (unknown_field) on every one whose body carries `attributes`. Each request
 * goes to the run's real records (suites/sweeps/probe-records.ts), so the body is the only thing wrong
 * with it; one request per family and operation. An operation a family leaves out is named below with
 * the check that covers it; every other one, an operation added to the table included, gets the
 * family's request on every run.
 */
export type BodyFamily = 'media type' | 'malformed JSON' | 'oversize' | 'unknown attribute';

/** The operations each family leaves to a check of their own, and which. */
export const BODIES_ELSEWHERE: Record<BodyFamily, Partial<Record<StatedEndpoint, string>>> = {
  'media type': {
    'POST /contact': 'media.unsupported-type-415 sends it XML and a form (suites/media-types.checks.ts)',
  },
  'malformed JSON': {
    'POST /contact': 'media.malformed-json sends it three malformed bodies',
    'PATCH /contact/{contact_id}': 'media.malformed-json sends it truncated JSON and reads the contact after',
  },
  oversize: { 'POST /contact': 'error.code.payload-too-large sends it a large contact create' },
  'unknown attribute': {
    'POST /contact': 'contact.unknown-field (the provoked unknown attribute)',
    'PATCH /contact/{contact_id}': 'contact.unknown-field',
    'POST /{custom_object_api_name}/_upsert': 'custom-object.unknown-field',
  },
};

/** One operation a family sends its body: the path on the run's real records, and the body's base. */
export interface BodyTarget {
  endpoint: string;
  method: HttpMethod;
  /** the path, its ids naming the run's real records */
  path(c: CheckContext): Promise<string>;
  /**
   * The body the family varies. A create: a valid create (the row's probe body, or for an unknown
   * attribute the create of `validCreates`). A write on a record: nothing of its own (`{ attributes: {} }`
   * or `{}`), so that even a server that wrongly takes the body changes nothing of a record the run shares.
   */
  base(c: CheckContext): Promise<unknown>;
  /** whether the body carries `attributes` */
  attributes: boolean;
}

/** The operations of `table` a family sends its body, in the table's order. */
export function bodyTargets(
  table: AnyTable,
  family: BodyFamily,
  validCreates: Readonly<Record<string, ((c: CheckContext) => Promise<unknown>) | undefined>> = {},
  elsewhere: Readonly<Record<string, string | undefined>> = BODIES_ELSEWHERE[family],
): BodyTarget[] {
  const carrying = new Set(withAttributes(table));
  const ops = family === 'unknown attribute' ? [...carrying] : withBody(table);
  return ops
    .filter((endpoint) => elsewhere[endpoint] === undefined)
    .map((endpoint) => {
      const row: AnyRow = table[endpoint]!;
      const attributes = carrying.has(endpoint);
      const create = recordIds(row).length === 0;
      const valid = validCreates[endpoint];
      if (family === 'unknown attribute' && create && valid === undefined)
        throw new Error(
          `${endpoint} has no valid create in VALID_CREATES (suites/write-forms.checks.ts): add one there`,
        );
      const nothing = async () => (attributes ? { attributes: {} } : {});
      const probe = async (c: CheckContext) => row.probe.body?.(tagged('Probe', c.runId));
      return {
        endpoint,
        method: splitEndpoint(endpoint).method,
        path: (c: CheckContext) => realPath(c, endpoint, row),
        base: create ? (valid ?? probe) : nothing,
        attributes,
      };
    });
}

/** An attribute name no workspace has, with a random part (an answer must name it). */
export function unknownAttributeName(c: CheckContext): string {
  return `zz_conformance_unknown_${c.faker.string.alphanumeric(6).toLowerCase()}`;
}

/** The bytes of an oversize body: past the 1 MB most servers stop at (the limit itself is not shown). */
export const OVERSIZE_BYTES = 2 * 1024 * 1024 + 1;

let padding: string | undefined;
/**
 * The padding of an oversize body, OVERSIZE_BYTES of `x`: one string for every body of the family, made
 * on first use, so the client serialises it once (lib/http/json-text.ts) and no check builds 2 MB of its own.
 */
export function oversizePadding(): string {
  padding ??= 'x'.repeat(OVERSIZE_BYTES);
  return padding;
}

/**
 * The target's base body with `extra` added: inside `attributes` where the body carries them (an
 * attribute no workspace has, so a server that takes the body still refuses it), else at the top.
 */
export function bodyWith(t: BodyTarget, base: unknown, extra: Record<string, unknown>): unknown {
  const b = (typeof base === 'object' && base !== null ? base : {}) as Record<string, unknown>;
  if (!t.attributes) return { ...b, ...extra };
  const attributes = (typeof b['attributes'] === 'object' && b['attributes'] !== null ? b['attributes'] : {}) as Record<
    string,
    unknown
  >;
  return { ...b, attributes: { ...attributes, ...extra } };
}
