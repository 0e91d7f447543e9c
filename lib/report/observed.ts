import type { Traffic } from '../check/outcome.js';
import type { Catalogue } from '../catalogue/catalogue.js';

export interface ObservedContract {
  /** what each stated operation answered when it succeeded (the spec states only contact create's 201) */
  successStatuses: Array<{ endpoint: string; statuses: Record<string, number>; emptyBodies: number }>;
  /** every error code the run provoked, with the statuses it came with */
  errorCodes: Array<{ code: string; statuses: Record<string, number>; statedStatus: number | null }>;
}

/** The server's de-facto contract where the spec is silent, from every request of the run. INFO only. */
export function observedContract(traffic: readonly Traffic[], catalogue: Catalogue): ObservedContract {
  const success = new Map<string, { statuses: Record<string, number>; emptyBodies: number }>();
  const codes = new Map<string, Record<string, number>>();
  for (const t of traffic) {
    if (t.status >= 200 && t.status <= 299) {
      const e = success.get(t.endpoint) ?? { statuses: {}, emptyBodies: 0 };
      e.statuses[t.status] = (e.statuses[t.status] ?? 0) + 1;
      if (t.emptyBody) e.emptyBodies += 1;
      success.set(t.endpoint, e);
    } else if (t.code !== undefined) {
      const s = codes.get(t.code) ?? {};
      s[t.status] = (s[t.status] ?? 0) + 1;
      codes.set(t.code, s);
    }
  }
  return {
    successStatuses: [...success].sort(([a], [b]) => a.localeCompare(b)).map(([endpoint, e]) => ({ endpoint, ...e })),
    errorCodes: [...codes]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, statuses]) => ({ code, statuses, statedStatus: catalogue.codeStatuses[code] ?? null })),
  };
}
