import type { RuleId as SpecRuleId } from '../suites/spec/rules/catalogue.js';
import type { Fixtures as FixturesFile } from '../fixtures/fixtures-file.js';
import type { ApiRecord } from '../suites/spec/record.js';
import type { FixturesCheckFindings } from '../suites/preflight/findings.js';
import type { RecordKind as SpecRecordKind, SchemaId as SpecSchemaId } from '../suites/spec/schemas/ids.js';

// The names of the Public Records API v2, given to the engine's types (lib/spec/register.ts): the
// engine's signatures take this catalogue's rule ids, this fixtures file, this record envelope and these schemas,
// and no module of lib/ imports them. (Imported under other names: inside the block, `RuleId`,
// `Fixtures`, `RecordKind` and `SchemaId` are the engine's own.)
declare module '../lib/spec/register.js' {
  interface Register {
    ruleId: SpecRuleId;
    fixtures: FixturesFile;
    record: ApiRecord;
    recordKind: SpecRecordKind;
    schemaId: SpecSchemaId;
    preflight: FixturesCheckFindings;
  }
}
