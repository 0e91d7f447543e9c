import { randomUUID } from 'node:crypto';
import { OperationIndex } from '../../lib/operations/operation-index.js';
import type { HttpMethod } from '../../lib/operations/api-operation.js';
import {
  isWrite,
  recordIds,
  splitEndpoint,
  type AnyRow,
  type AnyTable,
  type ParamKind,
} from '../spec/operation-row.js';

/** One operation of the table with a concrete path: what a sweep sends it. */
export interface Probe {
  /** as the spec writes it: `PATCH /task/{task_id}` */
  endpoint: string;
  method: HttpMethod;
  path: string;
  row: AnyRow;
}

/** Values that name nothing, one per kind of path parameter: enough for checks answered before any lookup (401). */
export function valuesNamingNothing(): Readonly<Record<ParamKind, string>> {
  return {
    'contact id': randomUUID(),
    'phone item id': randomUUID(),
    'account id': randomUUID(),
    'opportunity id': randomUUID(),
    'task id': randomUUID(),
    'note id': randomUUID(),
    'meeting id': randomUUID(),
    'custom-object record id': randomUUID(),
    'related record id': randomUUID(),
    'custom-object api_name': 'cus_obj__conformance_probe',
    'relationship api_name': 'contacts',
    'domain name': 'conformance-probe.example',
  };
}

/**
 * A row's path with each parameter's value: the row's own probe value where it names one (the
 * relationship api_name its parent has), else `valueOf(name, kind)`; every value percent-encoded.
 */
export function probePath(
  endpoint: string,
  row: AnyRow,
  valueOf: (name: string, kind: ParamKind) => string,
  raw: Readonly<Record<string, string>> = {},
): string {
  const { template } = splitEndpoint(endpoint);
  const values: Record<string, string> = {};
  for (const [name, kind] of Object.entries(row.params)) {
    values[name] = raw[name] ?? encodeURIComponent(row.probe.values?.[name] ?? valueOf(name, kind));
  }
  return OperationIndex.fill(template, values);
}

/** Every operation of the table, in its order, on values that name nothing. */
export function probes(table: AnyTable, values = valuesNamingNothing()): Probe[] {
  return Object.entries(table).map(([endpoint, row]) => ({
    endpoint,
    method: splitEndpoint(endpoint).method,
    path: probePath(endpoint, row, (_name, kind) => values[kind]),
    row,
  }));
}

/** The probe's body, its strings `name` (give it the run id: a server that wrongly takes a create makes a record). */
export function probeBody(probe: { row: AnyRow }, name: string): unknown {
  return probe.row.probe.body?.(name);
}

/**
 * Whether a write on values that name nothing changes nothing even if the server wrongly takes it:
 * its path names a record, and none exists. A create (no record in its path) would make one.
 */
export function namesNothing(probe: { endpoint: string; row: AnyRow }): boolean {
  return isWrite(probe.endpoint) && recordIds(probe.row).length > 0;
}

/** The first probe of each method, in the table's order: one operation per method. */
export function oneOfEachMethod<P extends { method: string }>(list: readonly P[]): P[] {
  const seen = new Set<string>();
  return list.filter((p) => !seen.has(p.method) && seen.add(p.method));
}
