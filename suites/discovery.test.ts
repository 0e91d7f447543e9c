import { check, endpoint } from '../lib/check/check.js';
import { show } from '../lib/steps/record.js';

// The discovery response shapes are "not shown": the checks ask for a 2xx JSON body and, where the
// spec says what the body lists, that the JSON text names it somewhere, whatever its shape.

endpoint('GET /_schema/contact', () => {
  check('discovery.schema-contact', 'GET /_schema/contact answers 2xx with a JSON body', async (c) => {
    const e = c.expect(await c.api.get('/_schema/contact')).success();
    if (e.response.json === undefined) e.fail('a JSON body', e.response.text.length === 0 ? 'an empty body' : `a body that is not JSON: ${show(e.response.text)}`);
  });

  // The spec states what the body lists but not its shape: the names must appear somewhere in the
  // JSON (a key or a string value), whatever the shape.
  check('discovery.schema-contact-lists', 'the contact schema names is_required_on_create and the stage option of the fixtures', async (c) => {
    const stage = c.need(c.fixtures.contact?.stage, 'contact.stage');
    const e = c.expect(await c.api.get('/_schema/contact')).success('discovery.schema-contact');
    if (e.response.json === undefined) e.fail('a JSON body', e.response.text.length === 0 ? 'an empty body' : 'a body that is not JSON', 'discovery.schema-contact');
    const text = JSON.stringify(e.response.json);
    if (!text.includes('"is_required_on_create"')) e.fail('a body listing is_required_on_create for the contact attributes', 'no "is_required_on_create" anywhere in the body');
    if (!text.includes(JSON.stringify(stage))) e.fail(`a body listing the stage option api_name ${show(stage)}`, `no ${show(stage)} anywhere in the body`);
  });
});

endpoint('GET /_organization_schema_summary', () => {
  check('discovery.schema-summary', 'GET /_organization_schema_summary answers 2xx with a JSON body', async (c) => {
    const e = c.expect(await c.api.get('/_organization_schema_summary')).success();
    if (e.response.json === undefined) e.fail('a JSON body', e.response.text.length === 0 ? 'an empty body' : `a body that is not JSON: ${show(e.response.text)}`);
  });

  check('discovery.summary-lists-custom-object', 'the schema summary names the custom object of the fixtures', async (c) => {
    const apiName = c.need(c.fixtures.customObject?.apiName, 'customObject.apiName');
    const e = c.expect(await c.api.get('/_organization_schema_summary')).success('discovery.schema-summary');
    if (e.response.json === undefined) e.fail('a JSON body', 'a body that is not JSON', 'discovery.schema-summary');
    if (!JSON.stringify(e.response.json).includes(JSON.stringify(apiName))) e.fail(`a summary naming ${show(apiName)}`, `no ${show(apiName)} anywhere in the body`);
  });
});
