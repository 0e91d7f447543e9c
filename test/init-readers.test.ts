import { describe, expect, it } from 'vitest';
import { attributesIn, customObjectsIn, relationshipsIn } from '../suites/init/custom-objects.js';
import { customObjectSamples, opportunityStage } from '../suites/init/draft.js';
import { objectsIn } from '../suites/init/json-walk.js';
import { printable } from '../suites/init/printable.js';
import { requiredAttributes } from '../suites/init/required-fields.js';
import { stageLists } from '../suites/init/select-lists.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('the discovery readers of init', () => {
  it('find stage lists wherever they sit, with their ids only when they are uuids', () => {
    const options = [{ api_name: 'lead', id: id(2), display_name: 'Lead' }];
    const body = { data: { attributes: [{ api_name: 'stage', select_list: { id: id(1), options } }] } };
    expect(stageLists(body)).toEqual([
      { id: id(1), options: [{ apiName: 'lead', id: id(2), displayName: 'Lead' }], how: 'a list named after stage' },
    ]);
    const odd = { stage_lists: [{ id: 'not-a-uuid', values: { a: { api_name: 'x', id: 7 } } }] };
    expect(stageLists(odd)).toEqual([{ options: [{ apiName: 'x' }], how: 'a list named after stage' }]);
  });

  it('take the list bound to the stage attribute by attribute_api_names, never one bound to another', () => {
    const body = {
      data: {
        select_lists: [
          { id: id(1), attribute_api_names: ['type'], options: [{ api_name: 'decoy', id: id(2) }] },
          { id: id(3), attribute_api_names: ['stage'], options: [{ api_name: 'open', id: id(4), label: 'Open' }] },
          // named after a stage, but bound to another attribute: not the stage's
          { id: id(5), api_name: 'stage_like', attribute_api_names: ['region'], options: [{ api_name: 'x' }] },
        ],
      },
    };
    expect(stageLists(body)).toEqual([
      {
        id: id(3),
        options: [{ apiName: 'open', id: id(4), displayName: 'Open' }],
        how: 'the list bound to stage by attribute_api_names',
      },
    ]);
  });

  it('take no option list that is not about a stage, and no collection with a member that is not an option', () => {
    expect(stageLists({ industry: { options: [{ api_name: 'retail' }] } })).toEqual([]);
    expect(stageLists({ stages: { options: [{ api_name: 'a' }, 'b'] } })).toEqual([]);
  });

  it("find custom objects by the spec's prefix, with the first match field the summary names", () => {
    const objects = [{ api_name: 'cus_obj__p', matching_fields: ['key', 'other'] }, { api_name: 'contact' }];
    const summary = { data: { custom_objects: objects } };
    expect(customObjectsIn(summary)).toEqual([
      { apiName: 'cus_obj__p', matchField: 'key', matchFrom: 'its matching_fields', attributes: [] },
    ]);
    expect(customObjectsIn({ objects: ['cus_obj__bare', 'account'] })).toEqual([
      { apiName: 'cus_obj__bare', attributes: [] },
    ]);
  });

  it('read a custom object listed with its attributes: the match field marked is_unique, types, select options, what cannot be written', () => {
    const summary = {
      data: {
        org: {
          objects: [
            {
              name: 'cus_obj__deal',
              fields: [
                { name: 'ref', type: 'string', is_unique: true },
                { name: 'tier', type: 'select', options: [{ api_name: 'gold', id: id(1) }, { api_name: 'silver' }] },
                { name: 'notes', type: 'long_text', required: true },
                { name: 'score', type: 'number', read_only: true },
              ],
            },
          ],
        },
      },
    };
    const [co] = customObjectsIn(summary);
    expect(co).toMatchObject({
      apiName: 'cus_obj__deal',
      matchField: 'ref',
      matchFrom: 'the attribute it marks is_unique',
    });
    expect(
      co!.attributes.map((a) => [a.apiName, a.valueType, a.writable, a.required, a.unique, a.options.length]),
    ).toEqual([
      ['ref', 'string', true, false, true, 0],
      ['tier', 'select', true, false, false, 2],
      ['notes', 'long_text', true, true, false, 0],
      ['score', 'number', false, false, false, 0],
    ]);
    // required ones, one free text (never the match field), one select (the server's first option)
    expect(customObjectSamples(co!.attributes, co!.matchField).samples).toEqual({
      notes: 'Sample notes',
      tier: 'gold',
    });
  });

  it('read relationships listed as { api_name, related_record_type }', () => {
    const body = {
      data: { relationships: [{ api_name: 'accounts', related_record_type: 'account' }, { api_name: 'x' }] },
    };
    expect(relationshipsIn(body)).toEqual([{ apiName: 'accounts', relatedType: 'account' }]);
    // an object with a related type outside a collection of relationships is none
    expect(relationshipsIn({ data: { links: [{ api_name: 'accounts', related_record_type: 'account' }] } })).toEqual(
      [],
    );
  });

  it('never take an attribute for a relationship, even a record_reference to the type, listed first', () => {
    const body = {
      data: {
        record_type: 'opportunity',
        attributes: [
          { api_name: 'primary_contact_id', value_type: 'record_reference', related_record_type: 'contact' },
        ],
        relationships: [{ api_name: 'contacts', related_record_type: 'contact' }],
      },
    };
    expect(relationshipsIn(body)).toEqual([{ apiName: 'contacts', relatedType: 'contact', ownerType: 'opportunity' }]);
  });

  it('read relationships the summary lists under each record type, with the type they lead from', () => {
    const summary = {
      data: {
        standard_objects: [
          { api_name: 'contact', relationships: [{ api_name: 'projects', related_record_type: 'cus_obj__p' }] },
          { api_name: 'opportunity', relationships: [{ api_name: 'contacts', related_record_type: 'contact' }] },
        ],
      },
    };
    expect(relationshipsIn(summary)).toEqual([
      { apiName: 'projects', relatedType: 'cus_obj__p', ownerType: 'contact' },
      { apiName: 'contacts', relatedType: 'contact', ownerType: 'opportunity' },
    ]);
    // a relationship's target is a custom object's name, but the listing is the relationship's
    expect(customObjectsIn(summary)).toEqual([{ apiName: 'cus_obj__p', attributes: [] }]);
  });

  it('find a custom object under whatever key holds a value starting cus_obj__, keeping the listing that says most', () => {
    const summary = {
      objects: [
        { object_api_name: 'contact', kind: 'standard' },
        { object_api_name: 'cus_obj__project', kind: 'custom', match_on: ['ref'] },
      ],
    };
    expect(customObjectsIn(summary)).toEqual([
      { apiName: 'cus_obj__project', matchField: 'ref', matchFrom: 'its match_on', attributes: [] },
    ]);
  });

  it("take a select's options from the lists its select_list_ids name, or from the list naming it", () => {
    const byIds = {
      attributes: [
        { api_name: 'phase', value_type: 'select', select_list_ids: [id(1)] },
        { api_name: 'stage', value_type: 'contact_stage', select_list_ids: [id(3)] },
      ],
      select_lists: [
        { id: id(1), api_name: 'list_a', options: [{ api_name: 'planning', id: id(2) }] },
        { id: id(3), api_name: 'list_b', options: [{ api_name: 'lead', id: id(4) }] },
      ],
    };
    expect(attributesIn(byIds).find((a) => a.apiName === 'phase')).toMatchObject({
      options: [{ apiName: 'planning' }],
      optionsFrom: 'the list its select_list_ids name',
    });
    // the stage's lists are the ones it names, whatever they are called
    expect(stageLists(byIds).map((l) => l.options[0]!.apiName)).toEqual(['lead']);
    const byNames = {
      attributes: [{ api_name: 'category', value_type: 'select' }],
      select_lists: [
        { id: id(5), attribute: 'other', options: [{ api_name: 'decoy' }] },
        { id: id(6), attribute_api_names: ['category'], options: [{ api_name: 'internal' }] },
      ],
    };
    expect(attributesIn(byNames)[0]).toMatchObject({ options: [{ apiName: 'internal' }] });
  });

  it('pick the opportunity stage no other pipeline shares, with its list', () => {
    const lists = [
      {
        id: id(1),
        options: [
          { apiName: 'discovery', id: id(2), displayName: 'Discovery' },
          { apiName: 'proposal', id: id(3), displayName: 'Proposal' },
        ],
      },
      { id: id(4), options: [{ apiName: 'discovery', id: id(5), displayName: 'Discovery' }] },
    ];
    expect(opportunityStage(lists)).toMatchObject({
      option: { apiName: 'proposal' },
      list: { id: id(1) },
      unique: true,
    });
    expect(opportunityStage([lists[1]!, { id: id(6), options: [{ apiName: 'Discovery', id: id(7) }] }])).toMatchObject({
      unique: false,
    });
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
