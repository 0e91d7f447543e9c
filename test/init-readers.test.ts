import { describe, expect, it } from 'vitest';
import { customObjectsIn } from '../lib/init/custom-objects.js';
import { objectsIn } from '../lib/init/json-walk.js';
import { printable } from '../lib/init/printable.js';
import { requiredAttributes } from '../lib/init/required-fields.js';
import { stageLists } from '../lib/init/select-lists.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('the discovery readers of init', () => {
  it('find stage lists wherever they sit, with their ids only when they are uuids', () => {
    const options = [{ api_name: 'lead', id: id(2), display_name: 'Lead' }];
    const body = { data: { attributes: [{ api_name: 'stage', select_list: { id: id(1), options } }] } };
    expect(stageLists(body)).toEqual([{ id: id(1), options: [{ apiName: 'lead', id: id(2), displayName: 'Lead' }] }]);
    const odd = { stage_lists: [{ id: 'not-a-uuid', values: { a: { api_name: 'x', id: 7 } } }] };
    expect(stageLists(odd)).toEqual([{ options: [{ apiName: 'x' }] }]);
  });

  it('take no option list that is not about a stage, and no collection with a member that is not an option', () => {
    expect(stageLists({ industry: { options: [{ api_name: 'retail' }] } })).toEqual([]);
    expect(stageLists({ stages: { options: [{ api_name: 'a' }, 'b'] } })).toEqual([]);
  });

  it("find custom objects by the spec's prefix, with the first match field the summary names", () => {
    const objects = [{ api_name: 'cus_obj__p', matching_fields: ['key', 'other'] }, { api_name: 'contact' }];
    const summary = { data: { custom_objects: objects } };
    expect(customObjectsIn(summary)).toEqual([{ apiName: 'cus_obj__p', matchField: 'key' }]);
    expect(customObjectsIn({ objects: ['cus_obj__bare', 'account'] })).toEqual([{ apiName: 'cus_obj__bare' }]);
  });

  it("find required create attributes beyond the spec's own, with the first value the answer lists", () => {
    const body = {
      fields: {
        stage: { is_required_on_create: true },
        region: { type: 'enum', enum_values: ['emea', 'apac'], is_required_on_create: true },
        nick: { value_type: 'string', is_required_on_create: true },
        x: { is_required_on_create: false },
      },
    };
    expect(requiredAttributes(body)).toEqual([
      { name: 'region', valueType: 'enum', serverValue: 'emea' },
      { name: 'nick', valueType: 'string' },
    ]);
  });

  it('walk a hostile body within bounds', () => {
    let deep: unknown = { stage: { options: [{ api_name: 'deep' }] } };
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(stageLists(deep)).toEqual([]);
    const wide = { stages: Array.from({ length: 100_000 }, (_, i) => ({ options: [{ api_name: `s${i}` }] })) };
    expect(objectsIn(wide).length).toBeLessThanOrEqual(20_000);
  });

  it('make server text inert for the terminal', () => {
    expect(printable('a\u001b[31mred\u0007')).toBe('a?[31mred?');
    expect(printable('x'.repeat(300), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});
