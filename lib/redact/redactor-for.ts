import { KEY_LABELS, Redactor } from './redact.js';
import type { TargetKeys } from '../target/target.js';

const cache = new WeakMap<TargetKeys, Redactor>();

/** The redactor that knows a run's keys. */
export function redactorFor(keys: TargetKeys): Redactor {
  let r = cache.get(keys);
  if (!r) {
    r = new Redactor(
      Object.entries(keys).flatMap(([k, v]) =>
        typeof v === 'string' ? [{ label: KEY_LABELS[k as keyof TargetKeys], value: v }] : [],
      ),
    );
    cache.set(keys, r);
  }
  return r;
}
