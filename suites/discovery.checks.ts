import { check, endpoint } from '../lib/check/check.js';
import { readOnce } from './steps/read-once.js';
import { show } from '../lib/check/show.js';
import type { CheckContext } from '../lib/check/context.js';
import type { Conformance } from '../lib/check/expect-conform.js';
import type { RuleId } from './spec/rules/catalogue.js';
import { contactRecord } from './spec/schemas/records/contact.js';
import { flagOf } from './steps/schema-flags.js';

// The discovery response shapes are "not shown": the checks ask for a 2xx JSON body and, where the
// spec states what the body lists, that the parsed JSON names it somewhere, whatever its shape.

/**
 * Whether a parsed JSON body names `name`: some object key or string value, at any depth, holds it
 * (equal to it, or containing it, as in a list written as one string). Shape-blind by design: the
 * spec states what the discovery bodies list, not how, so only a body naming it nowhere fails.
 */
function names(json: unknown, name: string): boolean {
  const stack: unknown[] = [json];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes(name)) return true;
    } else if (Array.isArray(v)) {
      stack.push(...(v as unknown[]));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes(name)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * The answer to a discovery read, sent once per run (the fixtures check's, where it read it: suites/steps/read-once.ts)
 * and judged by each check of
 * it: a 2xx with a JSON body, under `rule` (the read's own rule; for the other checks of the read, a
 * finding of that rule that blocks them).
 */
async function discovered(c: CheckContext, path: string, rule: RuleId): Promise<Conformance> {
  const e = c.expect((await readOnce(c, `discovery: GET ${path}`, path)).ex).success(rule);
  if (e.response.json === undefined)
    e.fail(
      'a JSON body',
      e.response.text.length === 0 ? 'an empty body' : `a body that is not JSON: ${show(e.response.text)}`,
      rule,
    );
  return e;
}

endpoint('GET /_schema/contact', () => {
  check('discovery.schema-contact', 'GET /_schema/contact answers 2xx with a JSON body', async (c) => {
    await discovered(c, '/_schema/contact', 'discovery.schema-contact');
  });

  // MUST: the spec states what the body lists, not its shape, so the names need only appear as some
  // key or string value of the JSON, whatever the shape (see names()).
  check(
    'discovery.schema-contact-lists',
    'the contact schema names is_required_on_create and the stage option of the fixtures',
    async (c) => {
      const stage = c.need(c.fixtures.contact?.stage, 'contact.stage');
      const e = await discovered(c, '/_schema/contact', 'discovery.schema-contact');
      if (!names(e.response.json, 'is_required_on_create'))
        e.fail(
          'a body listing is_required_on_create for the contact attributes',
          'no key or string value anywhere in the body holds "is_required_on_create"',
        );
      if (!names(e.response.json, stage))
        e.fail(
          `a body listing the stage option api_name ${show(stage)}`,
          `no key or string value anywhere in the body holds ${show(stage)}`,
        );
    },
  );
});

/** The contact attributes the spec lists (Contact attributes (response)), as the record schema holds them. */
const CONTACT_ATTRIBUTES = Object.keys(contactRecord.properties.attributes.properties);
const REQUIRED_FLAG = 'is_required_on_create';

endpoint('GET /_schema/contact', () => {
  // The shape is not shown, and a serialiser may leave a false flag out (omitempty): an attribute
  // without a flag of its own reads as not required. What is stated either way: every contact
  // attribute is listed, and stage is "required on create", so where the body pairs the flag with
  // attribute names, stage's is true.
  check(
    'discovery.schema-contact-attributes',
    `the contact schema names each of the ${CONTACT_ATTRIBUTES.length} contact attributes the spec lists, and where it pairs is_required_on_create with them, stage's is true`,
    async (c) => {
      const e = await discovered(c, '/_schema/contact', 'discovery.schema-contact');
      const missing = CONTACT_ATTRIBUTES.filter((n) => !names(e.response.json, n));
      if (missing.length > 0)
        e.fail(`a body naming every contact attribute the spec lists`, `not named anywhere: ${missing.join(', ')}`);
      const paired = CONTACT_ATTRIBUTES.filter((n) => flagOf(e.response.json, n, [REQUIRED_FLAG]).paired);
      if (paired.length === 0) {
        c.observe(
          'schema-contact',
          `no contact attribute is paired with ${REQUIRED_FLAG} in a shape the suite recognises (an object keyed by the name, or holding it beside the flag)`,
        );
        return;
      }
      const unflagged = CONTACT_ATTRIBUTES.filter((n) => !paired.includes(n));
      if (unflagged.length > 0)
        c.observe(
          'schema-contact',
          `${unflagged.length} contact attributes carry no ${REQUIRED_FLAG} (read as not required, as omitempty serialisers leave a false flag out)`,
        );
      const stage = flagOf(e.response.json, 'stage', [REQUIRED_FLAG]);
      if (!stage.paired || stage.flag !== true)
        e.fail(
          `stage with ${REQUIRED_FLAG} true (the spec: "stage | required on create")`,
          stage.paired ? `stage with ${REQUIRED_FLAG} ${show(stage.flag)}` : `stage with no ${REQUIRED_FLAG}`,
        );
    },
  );
});

endpoint('GET /_organization_schema_summary', () => {
  check('discovery.schema-summary', 'GET /_organization_schema_summary answers 2xx with a JSON body', async (c) => {
    await discovered(c, '/_organization_schema_summary', 'discovery.schema-summary');
  });

  // MUST, checked as leniently as discovery.schema-contact-lists: the api_name anywhere in the JSON.
  check(
    'discovery.summary-lists-custom-object',
    'the schema summary names the custom object of the fixtures',
    async (c) => {
      const apiName = c.need(c.fixtures.customObject?.apiName, 'customObject.apiName');
      const e = await discovered(c, '/_organization_schema_summary', 'discovery.schema-summary');
      if (!names(e.response.json, apiName))
        e.fail(
          `a summary naming ${show(apiName)}`,
          `no key or string value anywhere in the body holds ${show(apiName)}`,
        );
    },
  );
});
