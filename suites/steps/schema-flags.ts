/**
 * The flag a schema-discovery body gives an attribute, in either of the shapes a list of attributes
 * takes (the shapes are "not shown"): an object keyed by the attribute's name whose value holds the
 * flag, or an object holding the name as a string value beside the flag. `flags`: the flag's names, the
 * first found counts. `paired: false` when the body gives the name no such flag of its own.
 */
export function flagOf(
  json: unknown,
  name: string,
  flags: readonly string[],
): { paired: true; flag: unknown } | { paired: false } {
  const stack: unknown[] = [json];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      stack.push(...(v as unknown[]));
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const o = v as Record<string, unknown>;
    const beside = flags.find((f) => f in o);
    if (beside !== undefined && Object.values(o).includes(name)) return { paired: true, flag: o[beside] };
    const own = o[name];
    if (own !== null && typeof own === 'object' && !Array.isArray(own)) {
      const inside = flags.find((f) => f in own);
      if (inside !== undefined) return { paired: true, flag: (own as Record<string, unknown>)[inside] };
    }
    stack.push(...Object.values(o));
  }
  return { paired: false };
}
