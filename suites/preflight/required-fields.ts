/** An attribute a schema-discovery body marks `is_required_on_create: true`. */
export interface RequiredField {
  name: string;
  valueType?: string;
}

const NAME_KEYS = ['api_name', 'name', 'attribute', 'key'] as const;

/**
 * The attributes GET /_schema/contact marks `is_required_on_create: true`, wherever they sit: its
 * response shape is not shown, so any object carrying the flag counts, named by its own `api_name`
 * (or `name`, …) or by the key it sits under. Bounded: a hostile body cannot make this walk forever.
 */
export function requiredOnCreate(body: unknown): RequiredField[] {
  const out = new Map<string, RequiredField>();
  let visited = 0;
  const walk = (v: unknown, key: string | undefined, depth: number): void => {
    if (v === null || typeof v !== 'object' || depth > 12 || ++visited > 20_000) return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, undefined, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    if (o['is_required_on_create'] === true) {
      const own = NAME_KEYS.map((k) => o[k]).find((x): x is string => typeof x === 'string' && x.length > 0);
      const name = own ?? key;
      const type = [o['value_type'], o['type']].find((x): x is string => typeof x === 'string');
      if (name !== undefined && !out.has(name))
        out.set(name, { name, ...(type !== undefined ? { valueType: type } : {}) });
    }
    for (const [k, x] of Object.entries(o)) walk(x, k, depth + 1);
  };
  walk(body, undefined, 0);
  return [...out.values()];
}
