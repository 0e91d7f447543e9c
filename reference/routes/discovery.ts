import { createHash } from 'node:crypto';
import { attributesOf, BUILT_IN_TYPES, isRecordType } from '../attributes/index.js';
import type { AttributeDef } from '../attributes/types.js';
import type { Context } from '../context.js';
import { apiError } from '../errors.js';
import type { CustomObjectDef, Org, SelectList } from '../model.js';
import { relationshipKinds } from '../relationship-kinds.js';
import type { Reply } from '../respond.js';
import { route, type Route } from '../router.js';

// The discovery answers' shapes are "not shown". The default serves one shape; three legal
// variations serve others real servers use (reference/variations/discovery-*.ts): stage lists bound
// to their attribute by `attribute_api_names`, relationships listed as `{ api_name,
// related_record_type }`, and the match field marked `is_unique` among attributes the summary lists.

const STAGE_BY_ATTRIBUTE = 'discovery-stage-by-attribute';
const RELATIONSHIPS_LISTED = 'discovery-relationships-listed';
const UNIQUE_ATTRIBUTE = 'discovery-unique-attribute';
// four more shapes real servers answer in (reference/variations/discovery-*.ts): every select tied to
// its lists by `select_list_ids`; lists naming the attributes they serve, the summary listing custom
// objects' attributes without options and each type's relationships; record_reference attributes
// typed with the record type they point to, before the relationships; custom objects under `object_api_name`
const SELECT_LIST_IDS = 'discovery-select-list-ids';
const LISTS_BY_NAMES = 'discovery-lists-by-attribute-names';
const REFERENCE_TYPED = 'discovery-record-reference-typed';
const OBJECT_API_NAME = 'discovery-object-api-name';

/** Whether the attributes carry no options of their own: the lists are served apart. */
const listsApart = (ctx: Context) => ctx.variations.has(SELECT_LIST_IDS) || ctx.variations.has(LISTS_BY_NAMES);

function optionsOf(list: SelectList): Array<Record<string, unknown>> {
  return list.options.map((o) => ({ id: o.id, api_name: o.api_name, display_name: o.display_name, color: o.color }));
}

function listShape(list: SelectList): Record<string, unknown> {
  return { id: list.id, api_name: list.api_name, display_name: list.display_name, options: optionsOf(list) };
}

function stageLists(org: Org, type: string): SelectList[] {
  switch (type) {
    case 'contact':
      return [org.contactStages];
    case 'account':
      return [org.accountStages];
    case 'opportunity':
      return org.opportunityPipelines;
    default:
      return [];
  }
}

/** One attribute as the schema lists it; a select attribute with its options. */
function attributeShape(ctx: Context, a: AttributeDef): Record<string, unknown> {
  const options = a.type === 'select' && !listsApart(ctx) ? (a.selectLists?.(ctx.org) ?? []).flatMap(optionsOf) : [];
  const ids = ctx.variations.has(SELECT_LIST_IDS) ? (a.selectLists?.(ctx.org) ?? []).map((l) => l.id) : [];
  const typed = ctx.variations.has(REFERENCE_TYPED) && a.target !== undefined;
  // variation required-flag-omitempty: a boolean flag is sent only when true
  const omitFalse = ctx.variations.has('required-flag-omitempty');
  const flags = (f: Record<string, boolean>) =>
    Object.fromEntries(Object.entries(f).filter(([, on]) => on || !omitFalse));
  return {
    api_name: a.name,
    value_type: a.type,
    ...flags({
      is_multi_valued: a.multi,
      is_required_on_create: a.required === true,
      is_writable_on_create: a.access === 'rw' || a.access === 'create',
      is_writable_on_update: a.access === 'rw' || a.access === 'update',
      // a write of null clears it ("null may be sent where the schema allows it"); a required one refuses it
      is_nullable: a.required !== true && (a.access === 'rw' || a.access === 'update'),
    }),
    ...(a.enumValues ? { enum_values: [...a.enumValues(ctx.profile)] } : {}),
    ...(options.length > 0 ? { select_options: options } : {}),
    ...(ids.length > 0 ? { select_list_ids: ids } : {}),
    ...(typed ? { related_record_type: a.target } : {}),
  };
}

/** Every select list of a record type's attributes (its stages too), each with the attribute it serves. */
function listsOfType(ctx: Context, type: string): Array<{ attribute: string; list: SelectList }> {
  return attributesOf(ctx.org, type, ctx.profile).flatMap((a) =>
    (a.selectLists?.(ctx.org) ?? []).map((list) => ({ attribute: a.name, list })),
  );
}

/** The select lists served apart from the attributes: named by id only, or naming the attribute they serve. */
function listsApartOf(ctx: Context, type: string): Record<string, unknown> {
  const byName = ctx.variations.has(LISTS_BY_NAMES);
  return {
    select_lists: listsOfType(ctx, type).map(({ attribute, list }) => ({
      ...listShape(list),
      api_name: `list_${list.id.slice(0, 8)}`,
      ...(byName ? { attribute_api_names: [attribute] } : {}),
    })),
  };
}

/** The relationships of a record type as `{ api_name, related_record_type }`. */
function relationshipsOf(ctx: Context, type: string): Array<Record<string, unknown>> {
  return relationshipKinds(ctx.org, type).map((k) => ({ api_name: k.apiName, related_record_type: k.targetType }));
}

/**
 * The variation's select lists: none keyed or named after a stage, each bound to the attributes it
 * serves by `attribute_api_names`, a list of another select attribute first (a reader that took any
 * select list for the stage's would take that one).
 */
function boundLists(ctx: Context, type: string): Array<Record<string, unknown>> {
  const decoy = attributesOf(ctx.org, type, ctx.profile).find((a) => a.type === 'select');
  const decoyLists = decoy?.selectLists?.(ctx.org) ?? (decoy ? [madeUpList(ctx.org, decoy.name)] : []);
  return [
    ...decoyLists.map((l) => ({
      ...listShape(l),
      api_name: `list_${l.id.slice(0, 8)}`,
      attribute_api_names: [decoy!.name],
    })),
    ...stageLists(ctx.org, type).map((l, i) => ({
      ...listShape(l),
      api_name: `${type}_pipeline_${i + 1}`,
      attribute_api_names: ['stage'],
    })),
  ];
}

/** A uuid of its own for each name, stable for an organization. */
function stableUuid(org: Org, name: string): string {
  const h = createHash('sha256').update(`${org.id}:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The options of a select attribute the default serves none for (`type` of an opportunity), made up. */
function madeUpList(org: Org, attribute: string): SelectList {
  const option = (api: string, display: string) => ({
    id: stableUuid(org, `${attribute}:${api}`),
    api_name: api,
    display_name: display,
    color: '#94A3B8',
  });
  return {
    id: stableUuid(org, attribute),
    api_name: attribute,
    display_name: attribute,
    options: [option('first_choice', 'First choice'), option('second_choice', 'Second choice')],
  };
}

/** The attributes of a record type, with is_required_on_create, and its stage select lists. */
function schemaOf(ctx: Context): Reply {
  const type = ctx.params['record_type'] ?? 'contact';
  if (!isRecordType(ctx.org, type))
    throw apiError(404, 'unknown_record_type', `Unknown record type ${type}`, { record_type: type });
  const attributes = attributesOf(ctx.org, type, ctx.profile)
    .filter((a) => !a.hidden)
    .map((a) => attributeShape(ctx, a));
  const lists = listsApart(ctx)
    ? listsApartOf(ctx, type)
    : ctx.variations.has(STAGE_BY_ATTRIBUTE)
      ? { select_lists: boundLists(ctx, type) }
      : { stage_select_lists: stageLists(ctx.org, type).map(listShape) };
  const listed = [RELATIONSHIPS_LISTED, REFERENCE_TYPED, SELECT_LIST_IDS].some((v) => ctx.variations.has(v));
  const relationships = listed ? { relationships: relationshipsOf(ctx, type) } : {};
  return { status: 200, body: { data: { record_type: type, attributes, ...lists, ...relationships } } };
}

/** A custom object as the variation's summary lists it: its attributes, the match field `is_unique`. */
function customObjectInline(ctx: Context, c: CustomObjectDef): Record<string, unknown> {
  const fields = attributesOf(ctx.org, c.api_name, ctx.profile)
    .filter((a) => !a.hidden)
    .map((a) => {
      const options = a.type === 'select' ? (a.selectLists?.(ctx.org) ?? []).flatMap(optionsOf) : [];
      return {
        api_name: a.name,
        type: a.type,
        writable: a.access === 'rw',
        is_unique: c.matchFields.includes(a.name),
        ...(options.length > 0 ? { choices: options } : {}),
      };
    });
  return { api_name: c.api_name, label: c.display_name, schema: { fields } };
}

/** The summary of a variation that answers it in a shape of its own, or undefined. */
function summaryShaped(ctx: Context): Record<string, unknown> | undefined {
  const customs = ctx.org.customObjects;
  if (ctx.variations.has(OBJECT_API_NAME))
    return {
      objects: [
        ...BUILT_IN_TYPES.map((t) => ({ object_api_name: t, kind: 'standard' })),
        ...customs.map((c) => ({
          object_api_name: c.api_name,
          kind: 'custom',
          label: c.display_name,
          match_on: [...c.matchFields],
        })),
      ],
    };
  if (ctx.variations.has(SELECT_LIST_IDS))
    return {
      organization_id: ctx.org.id,
      standard_objects: BUILT_IN_TYPES.map((t) => ({ api_name: t, schema_path: `/_schema/${t}` })),
      custom_objects: customs.map((c) => ({
        api_name: c.api_name,
        display_name: c.display_name,
        match_fields: [...c.matchFields],
        schema_path: `/_schema/${c.api_name}`,
      })),
    };
  if (ctx.variations.has(LISTS_BY_NAMES))
    return {
      organization_id: ctx.org.id,
      standard_objects: BUILT_IN_TYPES.map((t) => ({ api_name: t, relationships: relationshipsOf(ctx, t) })),
      custom_objects: customs.map((c) => ({
        api_name: c.api_name,
        display_name: c.display_name,
        // the attributes with their types, a select's options only in the object's schema
        attributes: attributesOf(ctx.org, c.api_name, ctx.profile)
          .filter((a) => !a.hidden && a.access === 'rw')
          .map((a) => ({ api_name: a.name, value_type: a.type, is_required_on_create: a.required === true })),
        match_fields: [...c.matchFields],
        relationships: relationshipsOf(ctx, c.api_name),
      })),
    };
  return undefined;
}

function organizationSummary(ctx: Context): Reply {
  const shaped = summaryShaped(ctx);
  if (shaped !== undefined) return { status: 200, body: { data: shaped } };
  if (ctx.variations.has(UNIQUE_ATTRIBUTE)) {
    return {
      status: 200,
      body: {
        data: {
          organization: {
            id: ctx.org.id,
            objects: { standard: BUILT_IN_TYPES, custom: ctx.org.customObjects.map((c) => customObjectInline(ctx, c)) },
          },
        },
      },
    };
  }
  return {
    status: 200,
    body: {
      data: {
        organization_id: ctx.org.id,
        record_types: BUILT_IN_TYPES,
        custom_objects: ctx.org.customObjects.map((c) => ({
          api_name: c.api_name,
          display_name: c.display_name,
          matching_fields: [...c.matchFields],
        })),
      },
    },
  };
}

export const discoveryRoutes: Route[] = [
  route('GET', '/_schema/contact', schemaOf),
  route('GET', '/_schema/:record_type', schemaOf, false),
  route('GET', '/_organization_schema_summary', organizationSummary),
];
