import type { Fixtures } from '../../fixtures/fixtures-file.js';

/** A value as the user reads it beside its key: JSON, at most 80 characters (the line is made printable later). */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * The one way a value gets into init's draft: `put(key, value, from)` sets the fixtures key (a dotted
 * path: `customObject.attributes.priority`) and records where the value was read. Every value the
 * server's answers give passes here, so a check of what a server may send (an api_name that must be a
 * name, an id that must be a uuid) has one place to sit.
 */
export class DraftWriter {
  readonly fixtures: Fixtures;
  /** every value written, as `key = value ← where it was read`, and notes, in order */
  readonly found: string[] = [];

  constructor(baseUrl: string) {
    this.fixtures = { baseUrl };
  }

  put(key: string, value: unknown, from: string): void {
    if (value === undefined) return;
    const parts = key.split('.');
    let node = this.fixtures as Record<string, unknown>;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (next === null || typeof next !== 'object' || Array.isArray(next)) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1)!] = value;
    this.found.push(`${key} = ${shown(value)} ← ${from}`);
  }

  /** A line for the user about a key not written (a value the run fills itself, say). */
  note(line: string): void {
    this.found.push(line);
  }
}
