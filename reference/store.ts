import type { Edge, Org, RecordRef, StoredRecord, User } from './model.js';

/**
 * In-memory storage. Every read takes the caller's org, so a record of another organization
 * is indistinguishable from a missing one. Methods are synchronous on purpose: a check and
 * the insert that follows it can never interleave with another request.
 */
export class Store {
  readonly orgs = new Map<string, Org>();
  readonly users = new Map<string, User>();
  private readonly records = new Map<string, StoredRecord>();
  /** every edge under each of its two records' ids, in insertion order: a record's edges without a scan of all */
  private readonly edgesOfRecord = new Map<string, Edge[]>();
  private edgeSeq = 0;

  insert(record: StoredRecord): StoredRecord {
    this.records.set(record.id, record);
    return record;
  }

  /** The record with this id and type in this org, or undefined. */
  get(orgId: string, type: string, id: string): StoredRecord | undefined {
    const record = this.records.get(id);
    return record && record.orgId === orgId && record.type === type ? record : undefined;
  }

  /** The record with this id in this org, whatever its type. */
  find(orgId: string, id: string): StoredRecord | undefined {
    const record = this.records.get(id);
    return record && record.orgId === orgId ? record : undefined;
  }

  list(orgId: string, type: string): StoredRecord[] {
    return [...this.records.values()].filter((r) => r.orgId === orgId && r.type === type);
  }

  addEdge(edge: Omit<Edge, 'seq'>): Edge {
    const stored = { ...edge, seq: ++this.edgeSeq };
    for (const id of this.endsOf(stored)) {
      const list = this.edgesOfRecord.get(id);
      if (list) list.push(stored);
      else this.edgesOfRecord.set(id, [stored]);
    }
    return stored;
  }

  removeEdge(edge: Edge): void {
    for (const id of this.endsOf(edge)) {
      const list = this.edgesOfRecord.get(id);
      const index = list ? list.indexOf(edge) : -1;
      if (index >= 0) list?.splice(index, 1);
    }
  }

  /** The edge between two records, in either direction (the first made, of several). */
  edgeBetween(orgId: string, x: RecordRef, y: RecordRef): Edge | undefined {
    return this.edgesOfRecord
      .get(x.id)
      ?.find(
        (e) => e.orgId === orgId && ((e.a.id === x.id && e.b.id === y.id) || (e.a.id === y.id && e.b.id === x.id)),
      );
  }

  /** Edges from `parentId` to records of `targetType`, in insertion order. */
  edgesFrom(orgId: string, parentId: string, targetType: string): Edge[] {
    return (this.edgesOfRecord.get(parentId) ?? []).filter(
      (e) =>
        e.orgId === orgId &&
        ((e.a.id === parentId && e.b.type === targetType) || (e.b.id === parentId && e.a.type === targetType)),
    );
  }

  /** The ids an edge is listed under: its two records', once for an edge from a record to itself. */
  private endsOf(edge: Edge): string[] {
    return edge.a.id === edge.b.id ? [edge.a.id] : [edge.a.id, edge.b.id];
  }
}

/** The far end of an edge seen from `parentId`. */
export function otherEnd(edge: Edge, parentId: string): RecordRef {
  return edge.a.id === parentId ? edge.b : edge.a;
}
