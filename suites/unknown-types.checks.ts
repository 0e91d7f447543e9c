import { check, group } from '../lib/check/check.js';
import type { CheckContext } from '../lib/check/context.js';
import {
  customObject,
  expectValueNotTaken,
  linkedRecord,
  ownedAttributes,
  recordForProbes,
  upsertRecord,
} from './steps/custom-object.js';
import { show } from '../lib/check/show.js';
import { OPERATIONS } from './spec/operations.js';
import { unknownTypeChecks, type TypedRecordEndpoint } from './sweeps/unknown-types.js';
import type { CaseOf } from './sweeps/read-only.js';

// custom-object.unknown-type: "| unknown_record_type | record type unknown |". A custom object's
// api_name the caller's workspace does not have (another organization's custom object, or none's)
// names no type, whatever real record id follows it: the path names no record, and the answer carries
// the error body with unknown_record_type or record_not_found (both fit: the rule's `accepts`), never
// the record, its edges or a change to it.

/** A cus_obj__ api_name no workspace of the run has. */
function unknownType(c: CheckContext): string {
  return `cus_obj__conformance_nonexistent_${c.faker.string.alphanumeric(8).toLowerCase()}`;
}

const CODES = ['unknown_record_type', 'record_not_found'];

/** Every operation of the table naming a record under a custom-object api_name: the type unknown, the id real. */
const UNKNOWN_TYPES: { readonly [E in TypedRecordEndpoint]: CaseOf } = {
  'PATCH /{custom_object_api_name}/{record_id}': {
    what: "a patch of the run's record under an api_name the workspace does not have is refused, and not taken",
    run: async (c) => {
      const co = customObject(c);
      // the run's record for probes: the probe looks only for its own value afterwards
      const target = await recordForProbes(c, co);
      const attributes = ownedAttributes(c, co, 'Untyped');
      const path = `/${unknownType(c)}/${target.record.id}`;
      c.expect(await c.api.patch(path, { attributes }))
        .rejected()
        .code(CODES);
      await expectValueNotTaken(c, co, target, attributes);
    },
  },
  'DELETE /{custom_object_api_name}/{record_id}': {
    what: "a DELETE of the check's own record under an api_name the workspace does not have is refused",
    run: async (c) => {
      const co = customObject(c);
      // the check's own record (archived afterwards by its real type): a wrongly taken DELETE costs nothing else
      const { record } = await upsertRecord(c, co);
      c.expect(await c.api.delete(`/${unknownType(c)}/${record.id}`))
        .rejected()
        .code(CODES);
    },
  },
  'GET /{custom_object_api_name}/{record_id}/relationship/{api_name}': {
    what: "the edges of the run's linked record read under an api_name the workspace does not have: refused, none shown",
    run: async (c) => {
      // the run's record with linked contacts (shared, only read)
      const { rel, recordId, contactIds } = await linkedRecord(c);
      const e = c.expect(await c.api.get(`/${unknownType(c)}/${recordId}/relationship/${rel.read}`));
      e.rejected().code(CODES);
      const shown = contactIds.filter((id) => e.response.text.includes(id));
      if (shown.length > 0) e.fail("none of the record's edges in the answer", `the answer names ${show(shown)}`);
    },
  },
};

group('Custom objects › a type the workspace does not have, before a real record id', () => {
  for (const item of unknownTypeChecks(OPERATIONS, UNKNOWN_TYPES)) {
    check('custom-object.unknown-type', `${item.endpoint}: ${item.what}`, (c) => item.run(c), {
      endpoint: item.endpoint,
    });
  }
});
