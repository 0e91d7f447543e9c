import fc from 'fast-check';
import { withFaker } from '../../lib/check/faker.js';
import { uniqueEmail } from '../../fixtures/builders/unique.js';
import { TAGGED_MAX } from '../../fixtures/builders/tag.js';
import { OUTSIDE_BMP } from '../steps/same-text.js';

/**
 * Generated values for the attributes the spec names as writable. Strings are ones no reasonable
 * storage changes: Unicode (accents, CJK, emoji, combining marks, quotes), in NFC, without control
 * characters, surrounding whitespace or HTML tags, since whether a server normalises or strips those
 * is not shown. Realistic values come from faker, seeded by fast-check (so shrinking and repeats hold).
 */

/** A string written as-is; `edge` when its length is one whose acceptance the spec does not show. */
export interface GeneratedString {
  value: string;
  edge: boolean;
}

const plain = (s: string): boolean =>
  s.length > 0 &&
  s === s.trim() &&
  s === s.normalize('NFC') &&
  !/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u.test(s) &&
  !/<[^>]*>/.test(s);

/**
 * A generated string, `edge` where the spec does not show that a server takes it: no length and no
 * repertoire of a string is stated, so one past 40 characters (a server may cap names there) or with
 * a character outside the Basic Multilingual Plane may be refused.
 */
const generated = (value: string): GeneratedString => ({
  value,
  edge: Array.from(value).length > TAGGED_MAX || OUTSIDE_BMP.test(value),
});

const SAMPLES = [
  'Zoë',
  'Ñandú',
  'José Ångström',
  '李小龙',
  'Дмитрий',
  'محمد',
  '👩‍💻 dev',
  "O'Brien",
  'a "quoted" name',
  'R&D (bold) & co',
  'tab\u00a0nbsp',
];

/** Strings whose acceptance the spec does not show (no length limit is stated): empty, and long. */
export const EDGE_STRINGS = { empty: '', long: 'x'.repeat(255), longer: 'é'.repeat(1000) } as const;

/** A write of an edge string, for the examples every run tries first. */
export function edgeWrite(name: string, valueType: string, value: string, enveloped = false): AttributeWrite {
  return { name, valueType, value: { value, edge: true }, enveloped };
}

/** A realistic name from faker, seeded by fast-check. */
const fakerName = fc
  .noBias(fc.integer({ min: 0, max: 2 ** 31 - 1 }))
  .map((n) => withFaker(n, 'generated', (f) => f.person.firstName()));

/** A text attribute's value: realistic, Unicode, or (rarely) an edge length. */
export const text: fc.Arbitrary<GeneratedString> = fc.oneof(
  { weight: 4, arbitrary: fakerName.map(generated) },
  { weight: 3, arbitrary: fc.constantFrom(...SAMPLES).map(generated) },
  {
    weight: 3,
    arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter(plain).map(generated),
  },
  { weight: 1, arbitrary: fc.constantFrom(...Object.values(EDGE_STRINGS)).map((value) => ({ value, edge: true })) },
);

/**
 * An email address, lower-case (whether a server folds case is not shown), in the run's own domain: an
 * organization may hold emails unique, and a second run draws the same inputs (fixtures/builders/unique.ts).
 */
export function email(runId: string): fc.Arbitrary<GeneratedString> {
  return fc.noBias(fc.integer({ min: 0, max: 2 ** 31 - 1 })).map((n) => ({
    value: withFaker(n, 'generated-email', (f) => uniqueEmail(f, runId)),
    edge: false,
  }));
}

/** One attribute write: its name, value_type, value, and whether it goes raw or enveloped. */
export interface AttributeWrite {
  name: string;
  valueType: string;
  value: GeneratedString;
  enveloped: boolean;
}

/** The body form of one write: the raw value, or `{ value_type, value }`. */
export function written(w: AttributeWrite): unknown {
  return w.enveloped ? { value_type: w.valueType, value: w.value.value } : w.value.value;
}

/**
 * A non-empty random subset of `attributes`, each with a generated value, raw or enveloped. Each
 * attribute is optional on its own (not a subset chosen first), so shrinking drops attributes one by
 * one down to the single one that fails.
 */
export function attributeWrites(
  attributes: ReadonlyArray<{ name: string; valueType: string; value: fc.Arbitrary<GeneratedString> }>,
): fc.Arbitrary<AttributeWrite[]> {
  const each = attributes.map((a) =>
    fc.option(
      fc.record({
        name: fc.constant(a.name),
        valueType: fc.constant(a.valueType),
        value: a.value,
        enveloped: fc.boolean(),
      }),
      { nil: undefined },
    ),
  );
  return fc
    .tuple(...each)
    .map((writes) => writes.filter((w): w is AttributeWrite => w !== undefined))
    .filter((writes) => writes.length > 0);
}

/**
 * The contact attributes the spec names as writable (contact create; "all standard fields optional" on
 * patch), their values for the run `runId`.
 */
export function contactWritable(runId: string): ReadonlyArray<{
  name: string;
  valueType: string;
  value: fc.Arbitrary<GeneratedString>;
}> {
  return [
    { name: 'first_name', valueType: 'string', value: text },
    { name: 'last_name', valueType: 'string', value: text },
    { name: 'middle_name', valueType: 'string', value: text },
    { name: 'title', valueType: 'string', value: text },
    { name: 'primary_email', valueType: 'email', value: email(runId) },
  ];
}
