/**
 * Redaction by construction: every string that leaves the suite (report, console, error message)
 * passes through a Redactor that knows the literal key values of this run.
 */
export interface NamedSecret {
  /** what to print instead, e.g. "<api-key>" */
  label: string;
  value: string;
}

export class Redactor {
  private readonly secrets: NamedSecret[];

  constructor(secrets: NamedSecret[]) {
    // a key also travels percent-encoded (in a URL) or JSON-escaped (in an echoed body): each form
    // is a secret of its own; longest first, so a key that contains another is replaced whole
    const forms = secrets.filter((s) => s.value.length > 0).flatMap((s) => [...new Set(encodings(s.value))].map((value) => ({ label: s.label, value })));
    this.secrets = forms.sort((a, b) => b.value.length - a.value.length);
  }

  text(input: string): string {
    let out = input;
    // every response body passes here: test before splitting (most hold no key)
    for (const s of this.secrets) if (out.includes(s.value)) out = out.split(s.value).join(s.label);
    return out;
  }

  /**
   * Redacts every string inside a JSON-like value. The copy has the same own properties as the input,
   * `__proto__` and `constructor` included: defined, never assigned (an assignment to `__proto__`
   * would set the copy's prototype, and a body wrapped under it would seem to hold what it wraps).
   */
  value<T>(input: T): T {
    if (typeof input === 'string') return this.text(input) as T;
    if (Array.isArray(input)) return input.map((v: unknown) => this.value(v)) as T;
    if (input && typeof input === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(input)) {
        Object.defineProperty(out, this.text(k), { value: this.value(v), enumerable: true, writable: true, configurable: true });
      }
      return out as T;
    }
    return input;
  }

  /** True when the text still holds a secret (used to scan artifacts before they are written). */
  leaks(input: string): string[] {
    return [...new Set(this.secrets.filter((s) => input.includes(s.value)).map((s) => s.label))];
  }
}

/** The forms a key's characters can take on the way out: as is, percent-encoded, JSON-escaped. */
function encodings(value: string): string[] {
  return [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)];
}

/** Labels for the three keys a run may hold. */
export const KEY_LABELS = {
  apiKey: '<api-key>',
  otherOrgApiKey: '<other-org-api-key>',
  readOnlyApiKey: '<read-only-api-key>',
} as const;
