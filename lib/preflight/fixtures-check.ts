import { faker } from '@faker-js/faker/locale/en';
import { ApiClient } from '../http/client.js';
import type { RequestBudget } from '../http/request-budget.js';
import { pathUnderBase, type Exchange } from '../http/exchange.js';
import type { Redactor } from '../redact/redact.js';
import { RunCannotStart } from '../config/run-cannot-start.js';
import { RunStopped } from '../http/run-stopped.js';
import { CreatedRecords } from '../safety/tracker.js';
import type { Target } from '../target/target.js';
import { recordOf, show, valueOf, type ApiRecord } from '../check/record.js';
import { phonePair } from '../steps/phone-item.js';
import { domainNames } from '../steps/account.js';
import { answerOf } from '../check/context.js';
import { matchValue, sampleAttributes, upsertBody } from '../../builders/custom-object.js';
import { erroredFields } from '../check/errored-fields.js';
import { requiredOnCreate } from './required-fields.js';
import { SPEC_CONTACT_FIELDS } from '../check/workspace-required.js';
import { tagged } from '../../builders/tag.js';
import type { Preflight } from '../check/preflight.js';
import { recordViolations } from '../check/record-violations.js';
import type { RecordKind } from '../schemas/index.js';
import { readKeptRecords } from './kept-audit.js';
import { pickOtherDomain, pickTaskToArchive } from './given-up.js';
import { tasksToArchive } from '../target/fixtures.js';

const UPSERT_STEP = 'POST /{custom_object_api_name}/_upsert';

/**
 * Before any check: is each record the fixtures name one the server has? A fixture the server does
 * not know is the user's mistake, not a deviation, so it ends the run (exit 2) with one line per
 * mistake naming the key, the server's answer and the fix. Any other answer (5xx, a wrong shape)
 * goes on to the checks, which report it. The custom object's samples are upserted once, as given,
 * so the checks know which sample attributes the server types as free text.
 *
 * Like the probe, these requests are not counted by --max-requests; a record made here is archived
 * here, and written to the cleanup ledger first.
 */
export async function checkFixtures(target: Target, redactor: Redactor, budget?: RequestBudget): Promise<Preflight> {
  const f = target.fixtures;
  const records = new CreatedRecords({
    runId: target.runId,
    rule: 'fixtures check',
    ...(target.ledgerFile !== undefined ? { ledgerFile: target.ledgerFile } : {}),
    warn: () => undefined,
    fixtures: f,
  });
  const api = new ApiClient({
    baseUrl: target.baseUrl,
    keys: target.keys,
    timeoutMs: target.timeoutMs,
    ...(target.maxResponseBytes !== undefined ? { maxResponseBytes: target.maxResponseBytes } : {}),
    redactor,
    onExchange: (ex, req) => {
      preflight.requests += 1;
      records.observe(ex, req.path, req.auth);
      // an answered read with organization A's key: the checks of the same read judge this answer
      if (ex.request.method === 'GET' && ex.response !== undefined && req.auth === 'apiKey')
        reads[`${pathUnderBase(ex, target.baseUrl)}${new URL(ex.request.url).search}`] = {
          ex,
          sentAt: Date.now() - ex.ms,
        };
    },
    ...(budget ? { budget } : {}),
    // the archive of what the samples' upsert made goes even after an interruption (Ctrl-C)
    exempt: (method, path) => records.isArchiveOfOwn(method, path),
    // a stopped run (an interruption, a server that stopped cooperating) still writes its reports
    refuse: (kind, message) => {
      if (kind === 'stopped') throw new RunStopped(message.replace(/^blocked: /, ''));
      throw new RunCannotStart(`the fixtures check could not finish: ${message.replace(/^blocked: /, '')}`);
    },
  });
  const mistakes: string[] = [];
  const checked: string[] = [];
  const reads: NonNullable<Preflight['reads']> = {};
  const preflight: Preflight = { checked, requests: 0, reads };

  // the fixtures are independent of one another: their reads go out at once (a round trip each,
  // not one after another), and each reports in the order of this list
  const sections: Array<(found: Findings) => Promise<void>> = [
    async (found) => {
      if (f.noteId !== undefined) {
        const ex = await api.get(`/note/${f.noteId}`);
        if (ex.response?.status === 404) found.missing('noteId', ex, 'name a note that exists (or leave noteId out)');
        else found.checked.push('noteId');
      }
    },
    async (found) => {
      if (f.meetingId !== undefined) {
        const ex = await api.get(`/meeting/${f.meetingId}`);
        if (ex.response?.status === 404)
          found.missing('meetingId', ex, 'name a meeting that exists (or leave meetingId out)');
        else {
          const transcript = await api.get(`/meeting/${f.meetingId}/transcript`);
          if (transcript.response?.status === 404)
            found.missing('meetingId', transcript, 'name a meeting that has a transcript');
          else found.checked.push('meetingId');
        }
      }
    },
    async (found) => {
      if (f.contactWithPhoneNumbersId !== undefined) {
        const ex = await api.get(`/contact/${f.contactWithPhoneNumbersId}`);
        // a contact whose shape breaks the spec is the server's deviation, which the checks report:
        // only a contact as the spec shapes it can show that the user named the wrong one
        const contact = conformingRecord(ex, 'contact');
        if (ex.response?.status === 404)
          found.missing('contactWithPhoneNumbersId', ex, 'name a contact that exists (or leave the key out)');
        else if (contact && !phonePair(contact)) {
          found.mistakes.push(
            `fixtures: contactWithPhoneNumbersId: the contact has contact_phone_numbers ${show(contact.attributes['contact_phone_numbers'])}; name a contact with at least two phone items, one of them primary`,
          );
        } else found.checked.push('contactWithPhoneNumbersId');
      }
    },
    async (found) => {
      // only the first task is used (every task check writes it, taking turns)
      const task = f.taskIds?.[0];
      if (task !== undefined) {
        const read = conformingRecord(await api.get(`/task/${task}`), 'task', task);
        const archived = read ? valueOf(read, 'archived_at') : undefined;
        if (archived !== null && archived !== undefined) {
          found.mistakes.push(
            `fixtures: taskIds[0]: task ${task} is archived (archived_at ${show(archived)}); name an active task (taskToArchive names the one the archive check may archive)`,
          );
        } else if (read) found.checked.push('taskIds');
        else if (!target.readOnly) {
          // no task read is stated: a PATCH the spec says must be refused (422) tells whether the task exists
          const probe = await api.patch(`/task/${task}`, { attributes: {} });
          if (probe.response?.status === 404)
            found.missing('taskIds[0]', probe, 'name a task that exists and is not archived');
          else found.checked.push('taskIds');
        }
      }
    },
    async (found) => {
      const overlap = tasksToArchive(f).filter((t) => f.taskIds?.includes(t));
      if (overlap.length > 0) {
        found.mistakes.push(
          `fixtures: taskToArchive: ${overlap.join(', ')} ${overlap.length === 1 ? 'is' : 'are'} also in taskIds; the archive check needs a task no other check writes`,
        );
        return;
      }
      // one per complete run: the first an earlier run has not archived
      const pick = await pickTaskToArchive(api, f);
      if (pick) {
        preflight.givenUp = { ...preflight.givenUp, taskToArchive: pick };
        if (pick.seen) found.checked.push('taskToArchive');
      }
    },
    async (found) => {
      const domains = f.accountWithDomains;
      if (domains?.id !== undefined && domains.primaryDomain !== undefined) {
        // the account read is not a stated route: only an answer showing the account can tell
        const account = conformingRecord(await api.get(`/account/${domains.id}`), 'account', domains.id);
        const pick = pickOtherDomain(f, account);
        if (pick) preflight.givenUp = { ...preflight.givenUp, otherDomain: pick };
        if (account && !domainNames(account).includes(domains.primaryDomain.toLowerCase())) {
          found.mistakes.push(
            `fixtures: accountWithDomains.primaryDomain: account ${domains.id} shows domains ${show(domainNames(account))}, not ${show(domains.primaryDomain)}; name one of its domains`,
          );
        } else if (account) found.checked.push('accountWithDomains');
      }
    },
    async (found) => {
      // read only: the default-page check reads this record, and needs more than 50 edges on it
      const co = f.customObject;
      const rel = f.relationships?.customObject;
      const id = co?.recordWithManyEdgesId;
      if (id === undefined || co?.apiName === undefined || rel === undefined) return;
      const ex = await api.get(`/${co.apiName}/${id}/relationship/${rel}`, { query: { page_size: 50 } });
      const page = ex.response?.json as { items?: unknown; next_cursor?: unknown } | undefined;
      const status = ex.response?.status ?? 0;
      const items =
        status >= 200 && status <= 299 && Array.isArray(page?.items) ? (page.items as unknown[]) : undefined;
      if (status === 404)
        found.missing(
          'customObject.recordWithManyEdgesId',
          ex,
          'name a record of the custom object (or leave the key out)',
        );
      else if (items && page?.next_cursor === null && items.length <= 50) {
        found.mistakes.push(
          `fixtures: customObject.recordWithManyEdgesId: record ${id} shows ${items.length} edges under ${rel} (a page_size=50 read ended there); name one with more than 50, or leave the key out`,
        );
      } else if (items) found.checked.push('customObject.recordWithManyEdgesId');
      // any other answer (no answer, a refusal) tells nothing about the record: the check itself meets it
    },
    async (found) => {
      const co = f.customObject;
      if (co?.apiName !== undefined && co.matchField !== undefined && !target.readOnly) {
        const samples = co.attributes ?? {};
        const value = matchValue(faker, target.runId);
        const ex = await api.post(
          `/${co.apiName}/_upsert`,
          upsertBody({
            matchField: co.matchField,
            matchValue: value,
            attributes: sampleAttributes(samples, target.runId),
          }),
        );
        const s = ex.response?.status;
        const record = okRecord(ex);
        const fields = erroredFields(ex.response?.json);
        const code = (ex.response?.json as { code?: unknown } | undefined)?.code;
        if (record) {
          preflight.customObject = { valueTypes: valueTypesOf(record, Object.keys(samples)) };
          found.checked.push('customObject');
        } else if (s === 404) {
          found.missing(
            'customObject.apiName',
            ex,
            'name a custom object of the workspace (GET /_organization_schema_summary lists them)',
          );
        } else if (
          s !== undefined &&
          s >= 400 &&
          s <= 499 &&
          (code === 'invalid_matching_field' || fields.includes(co.matchField))
        ) {
          found.missing(
            'customObject.matchField',
            ex,
            `name an attribute the custom object matches upserts on (${show(co.matchField)} was refused)`,
          );
        } else if (s !== undefined && s >= 400 && s <= 499 && fields.some((n) => n in samples)) {
          const field = fields.find((n) => n in samples)!;
          found.missing(
            `customObject.attributes.${field}`,
            ex,
            `the sample ${show(samples[field])} was refused; give a value the workspace accepts (the suite sends samples exactly as given)`,
          );
        } else if (s !== undefined && s >= 400 && s <= 499 && code === 'field_required_missing' && fields.length > 0) {
          found.missing(
            'customObject.attributes',
            ex,
            `the custom object requires ${fields.join(', ')}; add a sample value for it`,
          );
        } else {
          preflight.customObject = { blockedBy: { step: UPSERT_STEP, answer: answerOf(ex), fixture: 'customObject' } };
        }
      }
    },
    async () => {
      // "A workspace may configure additional required create fields": the ones the fixtures do not
      // give, for each organization (organization B is another workspace, with its own)
      const orgs = [
        ['apiKey', f.contact?.createAttributes] as const,
        ...(target.keys.otherOrgApiKey !== undefined
          ? [['otherOrgApiKey', f.otherOrg?.contact?.createAttributes] as const]
          : []),
      ];
      await Promise.all(
        orgs.map(async ([auth, given]) => {
          const found = await requiredContactFields(api, auth, given ?? {}, target.runId);
          if (found && auth === 'apiKey') preflight.contactRequired = found;
          if (found && auth === 'otherOrgApiKey') preflight.contactRequiredOther = found;
        }),
      );
    },
  ];
  const findings = sections.map(() => findingsOf(target.baseUrl));
  // the kept records as they are before any check: the run compares them again at its end
  const [kept, ...done] = await Promise.allSettled([
    readKeptRecords(api, f),
    ...sections.map((run, i) => run(findings[i]!)),
  ]);
  // archive what the samples' upsert made, at once, whatever else happened (the ledger already lists it)
  await Promise.allSettled(
    records.pending().flatMap((e) => (e.path !== null ? [api.delete(e.path, { auth: e.auth })] : [])),
  );
  // the run's stop first: it is why the rest did not finish
  const rejected = [kept, ...done].filter((r) => r.status === 'rejected');
  const failed = rejected.find((r) => r.reason instanceof RunStopped) ?? rejected[0];
  if (failed) throw failed.reason;
  if (kept.status === 'fulfilled') preflight.kept = kept.value;
  for (const found of findings) {
    mistakes.push(...found.mistakes);
    checked.push(...found.checked);
  }
  if (mistakes.length > 0) throw new RunCannotStart(mistakes.join('\n'));
  return preflight;
}

/**
 * What GET /_schema/contact, read with one organization's key, marks `is_required_on_create` beyond
 * the spec's own fields and those `given`: free-text ones filled with a tagged value, the rest named.
 */
async function requiredContactFields(
  api: ApiClient,
  auth: 'apiKey' | 'otherOrgApiKey',
  given: Record<string, unknown>,
  runId: string,
): Promise<Preflight['contactRequired']> {
  const ex = await api.get('/_schema/contact', { auth });
  const s = ex.response?.status;
  if (s === undefined || s < 200 || s > 299) return undefined;
  const required = requiredOnCreate(ex.response?.json).filter(
    (a) => !SPEC_CONTACT_FIELDS.has(a.name) && !(a.name in given),
  );
  if (required.length === 0) return undefined;
  const filled: Record<string, string> = {};
  const unfilled: string[] = [];
  for (const a of required) {
    if (a.valueType === 'string' || a.valueType === 'long_text')
      filled[a.name] = tagged(`Conformance ${faker.word.noun()}`, runId);
    else unfilled.push(a.valueType !== undefined ? `${a.name} (${a.valueType})` : a.name);
  }
  return { filled, unfilled };
}

/** One fixture's findings: its mistakes (one line each) and whether it was checked. */
interface Findings {
  mistakes: string[];
  checked: string[];
  /** the record a key names is not on the server: the key, the answer, the fix */
  missing(key: string, ex: Exchange, fix: string): void;
}

function findingsOf(baseUrl: string): Findings {
  const mistakes: string[] = [];
  return {
    mistakes,
    checked: [],
    missing: (key, ex, fix) => {
      mistakes.push(
        `fixtures: ${key}: ${ex.request.method} ${pathUnderBase(ex, baseUrl)} answered ${answerOf(ex)}; ${fix}`,
      );
    },
  };
}

function okRecord(ex: Exchange, id?: string): ApiRecord | undefined {
  const s = ex.response?.status;
  if (s === undefined || s < 200 || s > 299) return undefined;
  const r = recordOf(ex.response?.json);
  return r && (id === undefined || r.id === id) ? r : undefined;
}

/**
 * `okRecord`, and only when the record breaks none of the spec's shapes: the fixtures check blames
 * a fixture only on an answer that conforms and lacks what the fixture claims. A record of another
 * shape goes on to the checks, which report the deviation under the rule it breaks (exit 1).
 */
function conformingRecord(ex: Exchange, kind: RecordKind, id?: string): ApiRecord | undefined {
  const r = okRecord(ex, id);
  return r && recordViolations(kind, ex.response?.json).length === 0 ? r : undefined;
}

function valueTypesOf(record: ApiRecord, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const a = record.attributes[name];
    const first = Array.isArray(a) ? a[0] : a;
    if (first && typeof first.value_type === 'string') out[name] = first.value_type;
  }
  return out;
}
