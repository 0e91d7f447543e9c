import { keyForms } from './key-forms.js';
import { dumpKeySpans } from './dump-key.js';
import { encodedKeySpans } from './encoded-key.js';
import { mergedSpans, type KeySpan } from './key-spans.js';

/**
 * Redaction by construction: every string that leaves the suite (report, console, error message)
 * passes through a Redactor that knows the literal key values of this run.
 */
export interface NamedSecret {
  /** what to print instead, e.g. "<api-key>" */
  label: string;
  value: string;
}

/**
 * A form this long is replaced wherever it occurs; a shorter one (a short key, or a form of it) only
 * where it stands alone, not inside a word or token: redaction never garbles the run's own messages.
 */
const ANYWHERE = 12;

/** The shortest base64 core looked for at all: shorter ones would match by chance. */
const MIN_FORM = 4;

/**
 * Texts redacted once are remembered: a run redacts the same property names, ids and messages on every
 * answer (a replayed answer's whole body too). Bounded: texts up to MEMO_LONGEST characters, MEMO_MOST
 * characters in all (then it starts afresh).
 */
const MEMO_LONGEST = 65_536;
const MEMO_MOST = 4_000_000;

interface Form {
  label: string;
  value: string;
  /** matches the form where it stands alone (short forms only) */
  alone?: RegExp;
}

export class Redactor {
  private readonly secrets: Form[];
  /** the keys themselves, for the spellings no list holds (lib/redact/encoded-key.ts) */
  private readonly keys: NamedSecret[];
  /** their values, one list for the redactor's life (what each key's search works out is kept by it) */
  private readonly keyValues: readonly string[];
  private readonly memo = new Map<string, string>();
  private memoChars = 0;
  /**
   * The shortest text that can hold a key: every form is at least this long, and every other spelling
   * of a key is at least as long as the key (an escape or a dump's column stands for one character in
   * more). Most texts a run redacts (property names, ids, short values) are shorter and are let go at once.
   */
  private readonly shortest: number;
  /** every form at once: one scan tells whether any form is in a text, where each form's own search costs a scan */
  private readonly anyForm: RegExp | undefined;

  constructor(secrets: NamedSecret[]) {
    this.keys = secrets.filter((s) => s.value.length > 0);
    this.keyValues = this.keys.map((k) => k.value);
    // each form of a key is a secret of its own; longest first, so a key that contains another is replaced whole
    const forms = secrets
      .filter((s) => s.value.length > 0)
      .flatMap((s) =>
        keyForms(s.value)
          .filter((value) => value === s.value || value.length >= MIN_FORM)
          .map((value): Form => ({
            label: s.label,
            value,
            ...(value.length < ANYWHERE ? { alone: alone(value) } : {}),
          })),
      );
    this.secrets = forms.sort((a, b) => b.value.length - a.value.length);
    const lengths = [...this.secrets.map((f) => f.value.length), ...this.keys.map((k) => k.value.length)];
    this.shortest = lengths.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...lengths);
    this.anyForm =
      this.secrets.length === 0 ? undefined : new RegExp(this.secrets.map((f) => escapedForRegExp(f.value)).join('|'));
  }

  text(input: string): string {
    if (input.length < this.shortest) return input;
    const known = this.memo.get(input);
    if (known !== undefined) return known;
    const out = this.redacted(input);
    if (input.length <= MEMO_LONGEST) {
      if (this.memoChars > MEMO_MOST) {
        this.memo.clear();
        this.memoChars = 0;
      }
      this.memo.set(input, out);
      this.memoChars += input.length + out.length;
    }
    return out;
  }

  private redacted(input: string): string {
    let out = input;
    // every response body passes here: one scan for all forms first (most texts hold none), then each
    // form found is tested before splitting
    for (const s of this.anyForm?.test(input) === true ? this.secrets : []) {
      if (!out.includes(s.value)) continue;
      out = s.alone ? out.replace(s.alone, s.label) : out.split(s.value).join(s.label);
    }
    return this.encoded(out);
  }

  /** Every other spelling of a key (each character as itself or any escape, two layers deep) replaced. */
  private encoded(input: string): string {
    const spans = this.spans(input);
    if (spans.length === 0) return input;
    let out = '';
    let from = 0;
    for (const [start, end, k] of spans) {
      out += input.slice(from, start) + this.keys[k]!.label;
      from = end;
    }
    return out + input.slice(from);
  }

  /** Where a key stands spelt some other way than as it is: escaped, or in a hex dump's columns. */
  private spans(input: string): KeySpan[] {
    const keys = this.keyValues;
    const dumped = dumpKeySpans(input, keys);
    const spans = encodedKeySpans(input, keys);
    return dumped.length === 0 ? spans : mergedSpans([...spans, ...dumped]);
  }

  /**
   * Redacts every string inside a JSON-like value. Copy on write: a value with no key in it is
   * given back as it is (a large parsed body is never copied to be redacted), and a copy is made
   * only of the objects on the way to a string that changed. A copy has the same own properties as
   * the input, `__proto__` and `constructor` included: defined, never assigned (an assignment to
   * `__proto__` would set the copy's prototype, and a body wrapped under it would seem to hold what
   * it wraps).
   */
  value<T>(input: T): T {
    if (typeof input === 'string') return this.text(input) as T;
    if (Array.isArray(input)) {
      let out: unknown[] | undefined;
      for (let i = 0; i < input.length; i++) {
        const v: unknown = this.value(input[i] as unknown);
        if (out === undefined && v !== input[i]) out = input.slice(0, i) as unknown[];
        out?.push(v);
      }
      return (out ?? input) as T;
    }
    if (input && typeof input === 'object') {
      // nothing allocated for an object with no key in it (nearly every one): a copy starts at the first change
      const source = input as Record<string, unknown>;
      const names = Object.keys(source);
      for (let i = 0; i < names.length; i++) {
        const k = names[i]!;
        const v = source[k];
        const rk = this.text(k);
        const rv = this.value(v);
        if (rk !== k || rv !== v) return this.copied(source, names, i, [rk, rv]) as T;
      }
      return input;
    }
    return input;
  }

  /** A copy of `source` whose property `names[at]` is the redacted `first`, every later one redacted too. */
  private copied(
    source: Record<string, unknown>,
    names: string[],
    at: number,
    first: [string, unknown],
  ): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const define = (k: string, value: unknown) =>
      Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    for (let i = 0; i < at; i++) define(names[i]!, source[names[i]!]);
    define(...first);
    for (let i = at + 1; i < names.length; i++) define(this.text(names[i]!), this.value(source[names[i]!]));
    return out;
  }

  /** True when the text still holds a secret (used to scan artifacts before they are written). */
  leaks(input: string): string[] {
    const any = this.anyForm?.test(input) === true;
    const found = this.secrets.filter(
      (s) => any && (s.alone ? new RegExp(s.alone.source).test(input) : input.includes(s.value)),
    );
    const spelt = this.spans(input).map(([, , k]) => this.keys[k]!.label);
    return [...new Set([...found.map((s) => s.label), ...spelt])];
  }
}

/** a character a key, an id or a dotted name is made of: a short form touching one is not a key */
const TOKEN = '[A-Za-z0-9_.~+/=\\-]';
/** where a short key stands as a value: a quote, `=`, `:`, `Bearer `, or the start of the text */
const AS_VALUE = `(?:^|(?<=["'=:])|(?<=Bearer ))`;

/**
 * A short form where it stands as a value, not touching a character a token is made of: in quotes,
 * after `=`, `:` or `Bearer `. A short word among the run's own words is left as it is.
 */
function alone(value: string): RegExp {
  return new RegExp(`${AS_VALUE}${escapedForRegExp(value)}(?!${TOKEN})`, 'g');
}

/** A text as a pattern that matches it literally. */
function escapedForRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Labels for the three keys a run may hold. */
export const KEY_LABELS = {
  apiKey: '<api-key>',
  otherOrgApiKey: '<other-org-api-key>',
  readOnlyApiKey: '<read-only-api-key>',
} as const;
