/**
 * The names a spec gives its things, as types. The engine is written for any HTTP API: it carries a
 * rule id, a fixtures file or a check's expectations without knowing which spec they belong to. The
 * spec under test fills this interface by declaration merging (`declare module …/lib/spec/register.js`,
 * in suites/spec/register.ts), so the engine's own signatures take the spec's names (a rule id with a
 * typo does not compile) while no module of lib/ imports the spec. Unfilled, each name falls back to
 * its loosest form.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the spec's augmentation
export interface Register {}

/** A rule id of the spec's catalogue (`contact.patch.partial`). */
export type RuleId = Register extends { ruleId: infer R extends string } ? R : string;

/** The user's fixtures file: the records and workspace names a server under test already has. */
export type Fixtures = Register extends { fixtures: infer F extends object } ? F : Readonly<Record<string, unknown>>;

/** A record as a check reads it from an answer (the spec's record envelope). */
export type SpecRecord = Register extends { record: infer R } ? R : unknown;

/** A kind of record the spec's answers carry (`contact`), as `c.expect(ex).record(kind)` names it. */
export type RecordKind = Register extends { recordKind: infer K extends string } ? K : string;

/** The id of one of the spec's schemas (`envelopes/relationship-page`), as `c.expect(ex).body(id)` names it. */
export type SchemaId = Register extends { schemaId: infer S extends string } ? S : string;

/** What the spec's fixtures check finds for its own checks, beside what the engine reads of it. */
export type SpecPreflight = Register extends { preflight: infer P extends object } ? P : object;
