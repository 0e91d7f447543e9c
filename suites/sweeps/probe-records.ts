import type { CheckContext } from '../../lib/check/context.js';
import type { AnyRow, ParamKind } from '../spec/operation-row.js';
import { contactForProbes } from '../steps/contact.js';
import { customObject, recordForProbes, relationshipNames } from '../steps/custom-object.js';
import { opportunityAccount, opportunityCreated } from '../steps/opportunity.js';
import { phoneItemForProbes } from '../steps/phone-item.js';
import { setupRecord } from '../steps/record.js';
import { relationshipName } from '../steps/relationship.js';
import { probePath, valuesNamingNothing } from './probes.js';

/**
 * The run's real value of each kind of path parameter, for a probe whose path must name records that
 * exist, so that what the probe varies (its body, a later id) is the only thing wrong with it: the
 * records probes share (a probe judges only its own answer, and its body or id can change nothing), the
 * fixtures' names, the relationship its parent has. A kind with none names nothing.
 */
async function realValue(
  c: CheckContext,
  kind: ParamKind,
  row: AnyRow,
  phoneItem: () => Promise<{ contactId: string; itemId: string }>,
): Promise<string | undefined> {
  const kinds = Object.values(row.params);
  switch (kind) {
    case 'contact id':
      // an item's contact is the contact that holds it
      return kinds.includes('phone item id') ? (await phoneItem()).contactId : (await contactForProbes(c)).id;
    case 'phone item id':
      return (await phoneItem()).itemId;
    case 'account id':
      return (await opportunityAccount(c)).id;
    case 'opportunity id':
      return setupRecord(c, (await opportunityCreated(c)).ex, 'POST /opportunity').id;
    case 'task id':
      return c.need(c.fixtures.taskIds?.[0], 'taskIds');
    case 'note id':
      return c.need(c.fixtures.noteId, 'noteId');
    case 'meeting id':
      return c.need(c.fixtures.meetingId, 'meetingId');
    case 'custom-object record id':
      return (await recordForProbes(c, customObject(c))).record.id;
    case 'custom-object api_name':
      return customObject(c).apiName;
    case 'relationship api_name':
      if (kinds.includes('contact id')) return relationshipName(c, 'contactAccounts');
      if (kinds.includes('opportunity id')) return relationshipName(c, 'opportunityContacts');
      return relationshipNames(c).link;
    default:
      return undefined;
  }
}

/**
 * A row's path on the run's real records, `raw` (path segments) in place of the parameters it names;
 * every other parameter its real value, in the path's order, else a value that names nothing.
 */
export async function realPath(
  c: CheckContext,
  endpoint: string,
  row: AnyRow,
  raw: Readonly<Record<string, string>> = {},
): Promise<string> {
  const nothing = valuesNamingNothing();
  const values: Record<string, string> = {};
  // an item and its contact are one look-up: the probe takes its turn on the contact once
  let item: Promise<{ contactId: string; itemId: string }> | undefined;
  const phoneItem = () => (item ??= phoneItemForProbes(c));
  for (const [name, kind] of Object.entries(row.params)) {
    if (raw[name] !== undefined) continue;
    values[name] = (await realValue(c, kind, row, phoneItem)) ?? nothing[kind];
  }
  return probePath(endpoint, { ...row, probe: { body: null } }, (name) => values[name] ?? '', raw);
}
