/**
 * The attribute names an error body points at: `details.field`, `details.fields`, and the last
 * string of each `loc` (`details.loc`, `details.all_errors[].loc`, as request_validation_failed
 * carries them). The spec shapes `details` only for request_validation_failed, so this reads
 * whatever of these is there and ignores the rest.
 */
export function erroredFields(body: unknown): string[] {
  const details = (body as { details?: unknown } | undefined)?.details;
  if (!details || typeof details !== 'object') return [];
  const d = details as { field?: unknown; fields?: unknown; loc?: unknown; all_errors?: unknown };
  const out = new Set<string>();
  if (typeof d.field === 'string') out.add(d.field);
  if (Array.isArray(d.fields)) for (const x of d.fields) if (typeof x === 'string') out.add(x);
  const fromLoc = (loc: unknown) => {
    if (!Array.isArray(loc)) return;
    const last = [...(loc as unknown[])]
      .reverse()
      .find((x) => typeof x === 'string' && x !== 'body' && x !== 'attributes' && x !== 'value');
    if (typeof last === 'string') out.add(last);
  };
  fromLoc(d.loc);
  if (Array.isArray(d.all_errors)) for (const e of d.all_errors) fromLoc((e as { loc?: unknown } | null)?.loc);
  return [...out];
}
