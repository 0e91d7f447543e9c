import { check, endpoint } from '../lib/check/check.js';
import { show } from '../lib/steps/record.js';

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
      stack.push(...v);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes(name)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

endpoint('GET /_schema/contact', () => {
  check('discovery.schema-contact', 'GET /_schema/contact answers 2xx with a JSON body', async (c) => {
    const e = c.expect(await c.api.get('/_schema/contact')).success();
    if (e.response.json === undefined) e.fail('a JSON body', e.response.text.length === 0 ? 'an empty body' : `a body that is not JSON: ${show(e.response.text)}`);
  });

  // MUST: the spec states what the body lists, not its shape, so the names need only appear as some
  // key or string value of the JSON, whatever the shape (see names()).
  check('discovery.schema-contact-lists', 'the contact schema names is_required_on_create and the stage option of the fixtures', async (c) => {
    const stage = c.need(c.fixtures.contact?.stage, 'contact.stage');
    const e = c.expect(await c.api.get('/_schema/contact')).success('discovery.schema-contact');
    if (e.response.json === undefined) e.fail('a JSON body', e.response.text.length === 0 ? 'an empty body' : 'a body that is not JSON', 'discovery.schema-contact');
    if (!names(e.response.json, 'is_required_on_create')) e.fail('a body listing is_required_on_create for the contact attributes', 'no key or string value anywhere in the body holds "is_required_on_create"');
    if (!names(e.response.json, stage)) e.fail(`a body listing the stage option api_name ${show(stage)}`, `no key or string value anywhere in the body holds ${show(stage)}`);
  });
});

endpoint('GET /_organization_schema_summary', () => {
  check('discovery.schema-summary', 'GET /_organization_schema_summary answers 2xx with a JSON body', async (c) => {
    const e = c.expect(await c.api.get('/_organization_schema_summary')).success();
    if (e.response.json === undefined) e.fail('a JSON body', e.response.text.length === 0 ? 'an empty body' : `a body that is not JSON: ${show(e.response.text)}`);
  });

  // MUST, checked as leniently as discovery.schema-contact-lists: the api_name anywhere in the JSON.
  check('discovery.summary-lists-custom-object', 'the schema summary names the custom object of the fixtures', async (c) => {
    const apiName = c.need(c.fixtures.customObject?.apiName, 'customObject.apiName');
    const e = c.expect(await c.api.get('/_organization_schema_summary')).success('discovery.schema-summary');
    if (e.response.json === undefined) e.fail('a JSON body', 'a body that is not JSON', 'discovery.schema-summary');
    if (!names(e.response.json, apiName)) e.fail(`a summary naming ${show(apiName)}`, `no key or string value anywhere in the body holds ${show(apiName)}`);
  });
});
