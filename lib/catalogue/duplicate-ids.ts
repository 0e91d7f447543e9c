/** The ids defined in more than one of the parts, each once, in order of first appearance. */
export function duplicateIds(parts: readonly Readonly<Record<string, unknown>>[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const part of parts) {
    for (const id of Object.keys(part)) {
      if (seen.has(id)) twice.add(id);
      seen.add(id);
    }
  }
  return [...twice];
}
