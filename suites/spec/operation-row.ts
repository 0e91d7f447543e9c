import type { SchemaId } from './schemas/ids.js';
import type { Fixtures } from '../../lib/spec/register.js';
import type { HttpMethod, QueryParameter } from '../../lib/operations/api-operation.js';

/** The record a uuid path parameter names. `related record`: an edge's target, whatever its type. */
export type RecordName =
  | 'contact'
  | 'phone item'
  | 'account'
  | 'opportunity'
  | 'task'
  | 'note'
  | 'meeting'
  | 'custom-object record'
  | 'related record';

/** What a path parameter is: a record's uuid ("Path parameters named `*_id` are uuid strings"), or a name. */
export type ParamKind = `${RecordName} id` | 'relationship api_name' | 'custom-object api_name' | 'domain name';

/** The parameters of a path template, as a union: `/a/{x}/b/{y}` → `'x' | 'y'`. */
export type ParamsOf<P extends string> = P extends `${string}{${infer N}}${infer R}` ? N | ParamsOf<R> : never;

/** A fixtures key, as the user writes it (`contact.stage`, `taskIds`): checked against the Fixtures type. */
export type FixturesKey = {
  [K in FixturesTop]-?: K | SubKeyOf<K, NonNullable<Fixtures[K]>>;
}[FixturesTop];
type FixturesTop = Extract<keyof Fixtures, string>;
type SubKeyOf<K extends string, V> = V extends readonly unknown[]
  ? never
  : V extends object
    ? `${K}.${Extract<keyof V, string>}`
    : never;

/** Whether a read may answer 404 for an archived record (OperationRow.archived404). */
export type Archived404 = 'allowed' | 'never';

type WithBody = `${'POST' | 'PUT' | 'PATCH'} ${string}`;

/**
 * What a 2xx create shows made, and how it is archived. `archive.by` names the table's DELETE that
 * archives or removes it; its one parameter the create's path lacks takes the new record's id (or
 * the edge's target).
 */
export interface RowCreation<E extends string, K extends string> {
  what: { type: RecordName } | { typeParam: ParamsOf<E> } | 'edge';
  archive: { by: Extract<K, `DELETE ${string}`> } | { none: string };
  /** it may answer a record that existed before (an upsert) */
  mayMatch?: true;
}

/**
 * One row of the operation table: one operation the spec states, `E` as it writes it, `K` every
 * operation of the table (so a row can name another). Every field is required: a row that leaves one
 * out does not compile; a read has no body, no worst outcome and creates nothing; a write has both.
 */
export interface OperationRow<E extends string, K extends string> {
  /** one line, the spec's words (the OpenAPI document's summary) */
  summary: string;
  /** every parameter of the path, by kind: a parameter missing or extra does not compile */
  params: { readonly [N in ParamsOf<E>]: ParamKind };
  /** query parameters the spec states */
  query?: readonly QueryParameter[];
  /** the request body's schema (suites/spec/schemas), for a method with a body */
  request: E extends WithBody ? SchemaId : null;
  /** the success answer: the stated status, or 2XX where the spec does not show it; the body's schema, or 'unshown' */
  success: { status: '201' | '2XX'; schema: SchemaId | 'unshown'; description: string };
  /** what a 2xx answer to it made, and how that is archived; null: it makes nothing */
  creates: E extends `POST ${string}` ? RowCreation<E, K> | null : null;
  /** what it would do if the server wrongly took it, in words for a skip reason (`archive a task`) */
  wronglyAccepted: E extends `GET ${string}` ? null : string;
  /** the fixtures keys whose values a request of it may send; a blocked set-up step of it names the first */
  fixtures: readonly FixturesKey[];
  /**
   * the stated read that shows its record again (a read: itself), which the read-back family reads after
   * each 2xx of a write (suites/sweeps/read-backs.ts); `none`: why no stated route does
   */
  readBack: Extract<K, `GET ${string}`> | { none: string };
  /**
   * Whether a read may answer 404 for a record that is archived (a read; null for a write): `allowed`
   * where the spec does not show what reading an archived record gives, `never` where a row states it
   * is read with its archived_at set. Required, so that stating a read never silently changes what an
   * older check reading an archived record through it does (suites/steps/unstated-route.ts).
   */
  archived404: E extends `GET ${string}` ? Archived404 : null;
  /**
   * The sweeps' request of it, whose ids name nothing (401, invalid key, hostile ids): a minimal body
   * of the stated form with its strings `name`, and the names its name parameters take.
   */
  probe: {
    body: E extends WithBody ? (name: string) => unknown : null;
    values?: { readonly [N in ParamsOf<E>]?: string };
  };
}

/**
 * A row of any table, its types widened: what the sweeps, the engine's view and the tests take, so
 * that a copy of the table with an operation added is a table too.
 */
export interface AnyRow {
  summary: string;
  params: Readonly<Record<string, ParamKind>>;
  query?: readonly QueryParameter[];
  request: SchemaId | null;
  success: { status: '201' | '2XX'; schema: SchemaId | 'unshown'; description: string };
  creates: {
    what: { type: RecordName } | { typeParam: string } | 'edge';
    archive: { by: string } | { none: string };
    mayMatch?: true;
  } | null;
  wronglyAccepted: string | null;
  fixtures: readonly FixturesKey[];
  readBack: string | { none: string };
  archived404: Archived404 | null;
  probe: { body: ((name: string) => unknown) | null; values?: Readonly<Record<string, string | undefined>> };
}

/** Any operation table, keyed by operation as the spec writes it. */
export type AnyTable = Readonly<Record<string, AnyRow>>;

/** The uuid parameters of a row's path, in their order, with the record each names. */
export function recordIds(row: AnyRow): Array<{ name: string; kind: ParamKind }> {
  return Object.entries(row.params)
    .filter(([, kind]) => kind.endsWith(' id'))
    .map(([name, kind]) => ({ name, kind }));
}

/** The request bodies that carry `attributes`: in them an attribute name can be unknown. */
export const ATTRIBUTE_BODIES: readonly SchemaId[] = [
  'requests/attributes-body',
  'requests/contact-create-body',
  'requests/task-patch-body',
  'requests/upsert-body',
];

/** The operations of a table whose request has a body (the table's `request`), in its order. */
export function withBody(table: AnyTable): string[] {
  return Object.keys(table).filter((e) => table[e]!.request !== null);
}

/** The operations of a table whose body carries `attributes`, in its order. */
export function withAttributes(table: AnyTable): string[] {
  return withBody(table).filter((e) => ATTRIBUTE_BODIES.includes(table[e]!.request!));
}

/**
 * The request bodies that carry a match: a relationship POST's `related_record_match` ("exactly one of
 * `related_record_id` or `related_record_match`") and the upsert's `match: { field, value }`.
 */
export const MATCH_BODIES = [
  'requests/relationship-post-body',
  'requests/upsert-body',
] as const satisfies readonly SchemaId[];

/** The operations of a table whose body carries a match, in its order. */
export function withMatch(table: AnyTable): string[] {
  return withBody(table).filter((e) => (MATCH_BODIES as readonly SchemaId[]).includes(table[e]!.request!));
}

/** A request that may write: every method but GET. */
export const isWrite = (endpoint: string) => !endpoint.startsWith('GET ');

/** The table's type: each key an operation as the spec writes it, each value its row. */
export type OperationRows<T> = { [E in keyof T & string]: OperationRow<E, keyof T & string> };

/** Declares the table: the compiler checks every row against its own key (`const`: the literals stay). */
export function operationTable<const T extends OperationRows<T>>(rows: T): T {
  return rows;
}

/** `PATCH /task/{task_id}` → its method and path template. */
export function splitEndpoint(endpoint: string): { method: HttpMethod; template: string } {
  const at = endpoint.indexOf(' ');
  return { method: endpoint.slice(0, at) as HttpMethod, template: endpoint.slice(at + 1) };
}
