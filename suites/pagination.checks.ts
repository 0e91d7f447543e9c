import { check, endpoint } from '../lib/check/check.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Exchange } from '../lib/http/exchange.js';
import { createContact } from './steps/contact.js';
import {
  customObject,
  LINKED_CONTACTS,
  linkedRecord,
  linkedRecordRead,
  NEVER_ISSUED_CURSOR,
  recordWithLinkedContacts,
} from './steps/custom-object.js';
import { relationshipName } from './steps/relationship.js';
import { show } from '../lib/check/show.js';
import { atOnce } from './steps/at-once.js';
import { readOnce } from './steps/read-once.js';

// GET /{custom_object_api_name}/{record_id}/relationship/{api_name}: the checks read one custom-object
// record of the run with LINKED_CONTACTS fresh contacts linked (linkedRecord, suites/steps/custom-object.ts),
// so they know every edge the read must show. Stated: page_size is an integer, default 50, minimum 1;
// next_cursor is a string or null; count is an integer. Not stated: the maximum page_size (observed),
// what count counts, page order, and whether a page holds exactly page_size items (only "at most" is
// checked).

/** more than the default page size of 50 */
const DEFAULT_EDGES = 51;
const MAX_PAGES = 20;

interface Page {
  count: number;
  next_cursor: string | null;
  items: Array<{ related_record_id: string }>;
}

async function readPage(
  c: CheckContext,
  apiName: string,
  recordId: string,
  rel: string,
  query: Record<string, string | number | undefined> = {},
): Promise<Exchange> {
  return c.api.get(`/${apiName}/${recordId}/relationship/${rel}`, { query });
}

/** Follows next_cursor from the first page, bounded; every page must have the page shape. */
async function walk(
  c: CheckContext,
  pageSize: number,
  edges: { co: { apiName: string }; rel: { read: string }; recordId: string; contactIds: string[] },
): Promise<void> {
  const seen = new Map<string, number>();
  let cursor: string | undefined;
  let pages = 0;
  let last: Exchange | undefined;
  for (;;) {
    // the first page is the run's shared read with this page_size (page-size-honoured judges it too)
    const ex =
      cursor === undefined
        ? await linkedRecordRead(c, { page_size: pageSize })
        : await readPage(c, edges.co.apiName, edges.recordId, edges.rel.read, { page_size: pageSize, cursor });
    last = ex;
    const e = c.expect(ex).success().body('envelopes/relationship-page', 'pagination.page-shape');
    const page = e.json<Page>();
    pages += 1;
    if (page.items.length > pageSize)
      e.fail(`at most ${pageSize} items (page_size)`, `${page.items.length} items`, 'pagination.page-size-honoured');
    for (const item of page.items) seen.set(item.related_record_id, (seen.get(item.related_record_id) ?? 0) + 1);
    if (page.next_cursor === null) break;
    if (page.next_cursor === cursor)
      e.fail(
        'a next_cursor that moves on',
        `next_cursor ${show(page.next_cursor)}, the cursor this page was read with`,
      );
    if (pages >= MAX_PAGES)
      e.fail(
        `next_cursor null within ${MAX_PAGES} pages of ${pageSize} (${edges.contactIds.length} edges)`,
        `next_cursor ${show(page.next_cursor)} on page ${pages}: the walk never ends`,
      );
    cursor = page.next_cursor;
  }
  const e = c.expect(last);
  const repeated = [...seen].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
  if (repeated.length > 0) e.fail('every edge exactly once across the pages', `repeated: ${repeated.join(', ')}`);
  const missing = edges.contactIds.filter((id) => !seen.has(id));
  if (missing.length > 0)
    e.fail(
      `all ${edges.contactIds.length} linked contacts across ${pages} page(s)`,
      `missing ${missing.join(', ')}; seen ${[...seen.keys()].join(', ') || 'none'}`,
    );
}

/**
 * A record of the check with `n` contacts linked, the links sent at once (each writes another
 * contact's edge, and their order does not matter here): a chain of three round trips, not n + 2.
 */
async function recordWithManyContacts(
  c: CheckContext,
  n: number,
): Promise<{ co: { apiName: string }; rel: { read: string }; recordId: string }> {
  const { co, rel, recordId } = await recordWithLinkedContacts(c, 0, createContact);
  const contacts = await atOnce(Array.from({ length: n }, () => createContact(c)));
  const links = await atOnce(
    contacts.map((contact) =>
      c.api.post(`/contact/${contact.id}/relationship/${rel.link}`, { related_record_id: recordId }),
    ),
  );
  for (const ex of links) c.setup(ex, 'POST /contact/{contact_id}/relationship/{api_name}');
  return { co, rel, recordId };
}

/**
 * A record with more than 50 edges: the user's (`customObject.recordWithManyEdgesId`, only read), or
 * one of the check's own with DEFAULT_EDGES contacts linked.
 */
async function recordWithManyEdges(
  c: CheckContext,
): Promise<{ co: { apiName: string }; rel: { read: string }; recordId: string; given: boolean }> {
  const given = c.fixtures.customObject?.recordWithManyEdgesId;
  if (given === undefined) return { ...(await recordWithManyContacts(c, DEFAULT_EDGES)), given: false };
  return { co: customObject(c), rel: { read: relationshipName(c, 'customObject') }, recordId: given, given: true };
}

endpoint('GET /{custom_object_api_name}/{record_id}/relationship/{api_name}', () => {
  check(
    'pagination.page-shape',
    'the relationship read answers { count, next_cursor, parent, api_name, items } with the record as parent',
    async (c) => {
      const edges = await linkedRecord(c);
      const e = c
        .expect(await linkedRecordRead(c))
        .success()
        .body('envelopes/relationship-page');
      const page = e.json<Page & { parent: { id: string } }>();
      if (page.parent.id !== edges.recordId)
        e.fail(`parent.id ${edges.recordId} (the record read)`, `parent.id ${show(page.parent.id)}`);
      c.observe(
        'count',
        `count ${page.count} with ${edges.contactIds.length} edges on one page of ${page.items.length} items (what count counts is not shown)`,
      );
    },
  );

  // The default of 50: seeing it needs a record with more than 50 edges. The user's, named in the
  // fixtures (customObject.recordWithManyEdgesId), is only read; without one, the check links 51
  // contacts of the run to a record of its own (51 contacts the API gives no way to archive). What a
  // page without page_size must hold is what page_size=50 gives: at most 50 items, and the same ones
  // (page order is not shown, so they are compared as sets).
  check(
    'pagination.page-size-default',
    'without page_size, a read of a record with more than 50 edges answers at most 50 items, the same first page as page_size=50',
    async (c) => {
      const edges = await recordWithManyEdges(c);
      const plain = c
        .expect(await readPage(c, edges.co.apiName, edges.recordId, edges.rel.read))
        .success()
        .body('envelopes/relationship-page', 'pagination.page-shape');
      const got = plain.json<Page>().items.map((i) => i.related_record_id);
      if (got.length > 50) plain.fail('at most 50 items (the default page_size)', `${got.length} items`);
      // the user's record: the fixtures check read it with page_size=50 before the checks (the same read)
      const fifty = c
        .expect(
          edges.given
            ? (
                await readOnce(
                  c,
                  'pagination: a read of the record with many edges with page_size=50',
                  `/${edges.co.apiName}/${edges.recordId}/relationship/${edges.rel.read}`,
                  { page_size: 50 },
                )
              ).ex
            : await readPage(c, edges.co.apiName, edges.recordId, edges.rel.read, { page_size: 50 }),
        )
        .success()
        .body('envelopes/relationship-page', 'pagination.page-shape');
      const want = fifty.json<Page>().items.map((i) => i.related_record_id);
      if (edges.given && fifty.json<Page>().next_cursor === null && want.length <= 50)
        c.skip(
          `fixtures: \`customObject.recordWithManyEdgesId\` names a record whose page_size=50 read ended at ${want.length} edges; name one with more than 50, or leave it out to have the check link ${DEFAULT_EDGES} contacts of its own`,
        );
      const [a, b] = [new Set(got), new Set(want)];
      if (a.size !== b.size || [...a].some((id) => !b.has(id))) {
        plain.fail(
          `the ${want.length} items page_size=50 gives`,
          `${got.length} items, ${[...a].filter((id) => !b.has(id)).length} of them not on the page_size=50 page`,
        );
      }
    },
  );

  check('pagination.page-size-honoured', 'page_size=3 gives at most 3 items, page_size=1 at most 1', async (c) => {
    for (const size of [3, 1]) {
      const e = c
        .expect(await linkedRecordRead(c, { page_size: size }))
        .success()
        .body('envelopes/relationship-page', 'pagination.page-shape');
      const n = e.json<Page>().items.length;
      if (n > size) e.fail(`at most ${size} items (page_size=${size})`, `${n} items`);
    }
  });

  check(
    'pagination.page-size-honoured',
    'page_size=1000 is answered with a page or refused with the error body (the maximum is not shown; observed)',
    async (c) => {
      const e = c.expect(await linkedRecordRead(c, { page_size: 1000 }));
      if (e.response.status >= 200 && e.response.status <= 299) {
        e.body('envelopes/relationship-page', 'pagination.page-shape');
        const n = e.json<Page>().items.length;
        c.observe('max-page-size', `page_size=1000 answered HTTP ${e.response.status} with ${n} items`);
        return;
      }
      const code = (e.response.json as { code?: unknown } | undefined)?.code;
      c.observe(
        'max-page-size',
        `page_size=1000 answered HTTP ${e.response.status}${typeof code === 'string' ? ` (${code})` : ''}`,
      );
      e.rejected();
    },
  );

  // the run's reads with these page sizes are shared: the code of the error and robustness.no-5xx judge them too
  check('pagination.page-size-minimum', 'page_size=0 is rejected with the error body', async (c) => {
    c.expect(await linkedRecordRead(c, { page_size: 0 })).rejected();
  });

  check('pagination.page-size-minimum', 'page_size=-1 is rejected with the error body', async (c) => {
    c.expect(await linkedRecordRead(c, { page_size: -1 })).rejected();
  });

  check(
    'pagination.cursor-walk',
    `following next_cursor with page_size=3 shows each of ${LINKED_CONTACTS} edges once and ends with next_cursor null`,
    async (c) => {
      await walk(c, 3, await linkedRecord(c));
    },
  );

  // page_size=2, not 1: the stated minimum is page-size-honoured's to judge, and a server that got it
  // wrong would take this rule down with it (a check varies one input, the walk)
  check(
    'pagination.cursor-walk',
    `following next_cursor with page_size=2 shows each of ${LINKED_CONTACTS} edges once and ends with next_cursor null`,
    async (c) => {
      await walk(c, 2, await linkedRecord(c));
    },
  );

  // "cursor (string or null)": how a null is written in a query string is not shown, so cursor=null
  // (the literal) may be taken as no cursor or refused as an invalid one; either way it is answered.
  check(
    'pagination.page-shape',
    'cursor=null is answered with the first page, or refused with the error body (how null is written in a query is not shown)',
    async (c) => {
      const edges = await linkedRecord(c);
      const e = c.expect(await readPage(c, edges.co.apiName, edges.recordId, edges.rel.read, { cursor: 'null' }));
      const code = (e.response.json as { code?: unknown } | undefined)?.code;
      c.observe(
        'cursor-null',
        `cursor=null answered HTTP ${e.response.status}${typeof code === 'string' ? ` (${code})` : ''}`,
      );
      if (e.response.status >= 400) {
        e.rejected();
        return;
      }
      e.success().body('envelopes/relationship-page');
      const first = c
        .expect(await linkedRecordRead(c))
        .success()
        .body('envelopes/relationship-page');
      // page order is not shown: the same items, as sets
      const [a, b] = [
        e.json<Page>().items.map((i) => i.related_record_id),
        first.json<Page>().items.map((i) => i.related_record_id),
      ];
      if ([...a].sort().join() !== [...b].sort().join())
        e.fail(`the first page (${show(b)}), as without a cursor`, `items ${show(a)}`);
    },
  );

  check(
    'pagination.invalid-cursor',
    'a cursor the server never issued is rejected with the error body and the code invalid_cursor, never a 5xx',
    async (c) => {
      // the cursor alone: page_size at its default, so a server wrong about page sizes fails their rules only
      // (the run's shared read with it: robustness.no-5xx judges it too)
      c.expect(await linkedRecordRead(c, { cursor: NEVER_ISSUED_CURSOR }))
        .rejected()
        .code('invalid_cursor');
    },
  );
});
