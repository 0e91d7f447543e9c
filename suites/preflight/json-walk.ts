/** One object met while walking a JSON value: the keys above it and the objects holding it. */
export interface Visit {
  node: Record<string, unknown>;
  /** the property names from the root down to this object (array indexes left out) */
  keys: string[];
  /** the objects holding this one, outermost first */
  ancestors: Array<Record<string, unknown>>;
}

const MAX_DEPTH = 12;
const MAX_NODES = 20_000;

/**
 * Every object inside a JSON value, at any depth. Discovery shapes are "not shown", so the readers
 * search rather than follow a path. Bounded: a hostile body cannot make this walk forever.
 */
export function objectsIn(value: unknown): Visit[] {
  const out: Visit[] = [];
  const walk = (v: unknown, keys: string[], ancestors: Array<Record<string, unknown>>, depth: number): void => {
    if (v === null || typeof v !== 'object' || depth > MAX_DEPTH || out.length >= MAX_NODES) return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, keys, ancestors, depth + 1);
      return;
    }
    const node = v as Record<string, unknown>;
    out.push({ node, keys, ancestors });
    for (const [k, x] of Object.entries(node)) walk(x, [...keys, k], [...ancestors, node], depth + 1);
  };
  walk(value, [], [], 0);
  return out;
}

export const isUuid = (v: unknown): v is string =>
  typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export const nonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
