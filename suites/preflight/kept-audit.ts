import { isDeepStrictEqual } from 'node:util';
import type { ApiClient } from '../../lib/http/client.js';
import type { Fixtures } from '../../fixtures/fixtures-file.js';
import { recordOf, type ApiRecord } from '../spec/record.js';
import { givenUpDomains, keptRecords, type KeptRecord } from '../../fixtures/kept-records.js';
import type { RecordChange } from '../../lib/safety/record-changes.js';

const FOUND_BY = 'the read of your records after the run';

/** A request of the audit that was not sent (the run had stopped), and what it was for. */
export type AuditNotSent = (request: string, purpose: string, err: unknown) => void;

/**
 * Each kept record as the server shows it now, by fixtures key. A record the server serves no read
 * of (a task or account read is not a stated route), or answers otherwise, is left out: there is
 * nothing to compare it with.
 */
export async function readKeptRecords(api: ApiClient, f: Fixtures): Promise<Record<string, ApiRecord>> {
  return (
    await readKept(api, f, (_request, _purpose, err) => {
      throw err;
    })
  ).records;
}

/**
 * Each kept record as the server shows it now, and the keys of those it refused to show (a 4xx):
 * a read that got no answer, or a 5xx, says nothing about the record, so it is neither.
 */
async function readKept(
  api: ApiClient,
  f: Fixtures,
  notSent: AuditNotSent,
): Promise<{ records: Record<string, ApiRecord>; refused: Set<string> }> {
  const records: Record<string, ApiRecord> = {};
  const refused = new Set<string>();
  await Promise.all(
    keptRecords(f).map(async (k) => {
      let ex;
      try {
        ex = await api.get(k.read);
      } catch (err) {
        // not sent (the run had stopped): what became of the record is unknown, not a change
        notSent(`GET ${k.read}`, `the read of your kept record ${k.key} after the run`, err);
        return;
      }
      const s = ex.response?.status;
      const r = s !== undefined && s >= 200 && s <= 299 ? recordOf(ex.response?.json) : undefined;
      if (r?.id === k.id) records[k.key] = r;
      else if (s !== undefined && s >= 400 && s <= 499) refused.add(k.key);
    }),
  );
  return { records, refused };
}

/**
 * After the run: reads every kept record again and compares it with its state at the fixtures
 * check, leaving out what the suite writes and does not put back (KeptRecord.written, and the
 * domain the user gave up). A changed attribute a stated PATCH can write back (a task's or a
 * contact's plain value) is put back with organization A's key and read again; anything else is
 * reported with how to restore it.
 */
export async function auditKeptRecords(
  api: ApiClient,
  f: Fixtures,
  before: Record<string, ApiRecord>,
  readOnly: boolean,
  notSent: AuditNotSent = (_request, _purpose, err) => {
    throw err;
  },
): Promise<RecordChange[]> {
  const { records: now, refused } = await readKept(api, f, notSent);
  const changes: RecordChange[] = [];
  for (const k of keptRecords(f)) {
    const was = before[k.key];
    if (!was) continue;
    const is = now[k.key];
    // no answer (a server that died) or a 5xx: what happened to the record is unknown, not a change
    if (!is && !refused.has(k.key)) continue;
    if (!is) {
      changes.push({
        key: k.key,
        type: k.type,
        id: k.id,
        field: 'the record',
        before: 'readable',
        after: 'no longer readable',
        restored: false,
        foundBy: FOUND_BY,
        how: `read ${k.read} with organization A's key; restore the record in the product if it is gone`,
      });
      continue;
    }
    for (const field of changedAttributes(k, was, is, f)) {
      const [b, a] = [valueIn(was, field), valueIn(is, field)];
      changes.push(await putBack(api, k, field, b, a, readOnly, notSent));
    }
  }
  return changes;
}

/** The attributes that differ, arrays compared as sets (the order of items and labels is not stated). */
function changedAttributes(k: KeptRecord, was: ApiRecord, is: ApiRecord, f: Fixtures): string[] {
  const names = new Set([...Object.keys(was.attributes), ...Object.keys(is.attributes)]);
  const domains = givenUpDomains(f);
  const out: string[] = [];
  for (const name of names) {
    // the last_* activity timestamps move with what users do, not with what the suite sends
    if (k.written.includes(name) || name.startsWith('last_')) continue;
    let [b, a] = [canonical(was.attributes[name]), canonical(is.attributes[name])];
    if (k.type === 'account' && name === 'domains' && domains.length > 0) {
      [b, a] = [withoutDomains(b, domains), withoutDomains(a, domains)];
    }
    if (!isDeepStrictEqual(b, a)) out.push(name);
  }
  return out.sort();
}

/** A value with every array sorted by its items' JSON, recursively. */
function canonical(v: unknown): unknown {
  const text = (x: unknown) => JSON.stringify(x) ?? '';
  if (Array.isArray(v)) return v.map(canonical).sort((x, y) => text(x).localeCompare(text(y)));
  if (v && typeof v === 'object') {
    const entries = Object.entries(v).sort(([x], [y]) => x.localeCompare(y));
    return Object.fromEntries(entries.map(([key, x]) => [key, canonical(x)]));
  }
  return v;
}

function withoutDomains(v: unknown, domains: readonly string[]): unknown {
  if (!Array.isArray(v)) return v;
  const name = (d: unknown) => {
    const domain = (d as { value?: { domain_name?: unknown } } | null)?.value?.domain_name;
    return typeof domain === 'string' ? domain : '';
  };
  return v.filter((d) => !domains.includes(name(d).toLowerCase()));
}

/** What an attribute reads as: its value, or the values of a multi-valued attribute. */
function valueIn(r: ApiRecord, name: string): unknown {
  const a = r.attributes[name];
  if (Array.isArray(a)) return a.map((x) => x.value);
  return a?.value;
}

const PATCHABLE: Partial<Record<KeptRecord['type'], (id: string) => string>> = {
  task: (id) => `/task/${id}`,
  contact: (id) => `/contact/${id}`,
};

async function putBack(
  api: ApiClient,
  k: KeptRecord,
  field: string,
  before: unknown,
  after: unknown,
  readOnly: boolean,
  notSent: AuditNotSent,
): Promise<RecordChange> {
  const change = { key: k.key, type: k.type, id: k.id, field, before, after, foundBy: FOUND_BY };
  const path = PATCHABLE[k.type]?.(k.id);
  if (field === 'archived_at' || field === 'deleted_at') {
    const how = `the API has no way to unarchive a record: restore ${k.type} ${k.id} in the product`;
    return { ...change, restored: false, how };
  }
  if (field === 'domains') {
    const how = `the API states no way to add a domain: add it back to account ${k.id} in the product`;
    return { ...change, restored: false, how };
  }
  const plain = before === null || ['string', 'number', 'boolean'].includes(typeof before);
  const body = { attributes: { [field]: before } };
  const manual =
    path && plain
      ? `send PATCH ${path} ${JSON.stringify(body)} with organization A's key`
      : `set ${field} back in the product`;
  if (!path || !plain || readOnly) {
    return { ...change, restored: false, how: readOnly ? `${manual} (--read-only: the suite writes nothing)` : manual };
  }
  let ex, read;
  try {
    ex = await api.patch(path, body);
    read = await api.get(k.read);
  } catch (err) {
    notSent(`PATCH ${path}`, `putting back ${field} of your kept record ${k.key}`, err);
    return { ...change, restored: false, how: `${manual} (not sent: the run had stopped)` };
  }
  const s = ex.response?.status;
  const ok = read.response !== undefined && read.response.status >= 200 && read.response.status <= 299;
  const r = ok ? recordOf(read.response?.json) : undefined;
  const back = r !== undefined && isDeepStrictEqual(valueIn(r, field), before);
  const how = back
    ? `put back with PATCH ${path} (organization A's key)`
    : `${manual} (the suite's PATCH answered HTTP ${s ?? 'nothing'})`;
  return { ...change, restored: back, how };
}
