/**
 * The operations of the API under test, as the engine needs to know them: one description per
 * operation, handed in by the composition root (bin/main.ts) from the spec's operation table
 * (suites/spec/operations.ts). The engine derives from these, and from nothing else, which stated
 * operation a request is, what a wrongly accepted write would do, what a create made and how it is
 * archived, which fixtures a set-up step sent, the OpenAPI document and the coverage map's operations.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One path parameter (`{contact_id}`). */
export interface PathParameter {
  /** what it names, in the spec's words: `contact id`, `custom-object api_name`, `domain name` */
  kind: string;
  /** a uuid ("Path parameters named `*_id` are uuid strings") */
  uuid: boolean;
  /** what every value starts with (`cus_obj__`): a request segment without it is no value of this parameter */
  prefix?: string;
  /** whether a value the server gave may fill it in a path the run sends (an archive path): data until proven a name */
  accepts(value: string): boolean;
  /** for the OpenAPI document */
  description?: string;
}

/** A query parameter the spec states, for the OpenAPI document. */
export interface QueryParameter {
  name: string;
  schema: Record<string, unknown>;
  description: string;
}

/** What a 2xx answer to a create shows made, and how that is archived. */
export interface Creation {
  /**
   * a record of a fixed type (`{ type: 'contact' }`), a record of the type a path parameter names
   * (`{ typeParam: 'custom_object_api_name' }`), or a relationship edge (its target is the
   * `related_record_id` of the answer's item, else of the request body)
   */
  what: { type: string } | { typeParam: string } | 'edge';
  /**
   * the stated operation that archives or removes it (`DELETE /account/{account_id}`; its one
   * parameter the create's path lacks takes the new id or the edge's target), or why none can
   */
  archive: { by: string } | { none: string };
  /** it may answer a record that existed before (an upsert): archived only when its match value is the run's */
  mayMatch?: true;
  /**
   * What a 2xx answer says was made: the record's id and, where the answer says, its record type and
   * when it was created; for an edge, its target as `id` (from the answer, else from the request body).
   * Undefined when the answer names none: the spec's envelope, read by the spec (suites/spec/api-operations.ts).
   */
  made(answer: unknown, requestBody: unknown): Made | undefined;
}

/** One stated operation. */
export interface ApiOperation {
  /** as the spec writes it: `PATCH /task/{task_id}` */
  endpoint: string;
  method: HttpMethod;
  /** `/task/{task_id}` */
  template: string;
  /** every parameter of the template, in its order */
  params: Readonly<Record<string, PathParameter>>;
  summary: string;
  query: readonly QueryParameter[];
  /** the request body's schema id; null where the spec states no body */
  request: string | null;
  /** the success answer: a stated status (`2XX` where none is shown); its body's schema id, or 'unshown' */
  success: { status: '201' | '2XX'; schema: string; description: string };
  creates: Creation | null;
  /** what the write would do if the server wrongly took it, in words (`archive a task`); null for a read */
  wronglyAccepted: string | null;
  /** the fixtures keys whose values a request of it sends; a blocked set-up step of it names the first */
  fixtures: readonly string[];
}

/** What a create's answer says it made. */
export interface Made {
  id: string;
  recordType?: string;
  /** the record's creation time as the answer writes it: a record created before the run is not the run's */
  createdAt?: string;
}
