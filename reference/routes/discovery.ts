import { attributesOf, BUILT_IN_TYPES, isRecordType } from '../attributes/index.js';
import type { Context } from '../context.js';
import { apiError } from '../errors.js';
import type { SelectList } from '../model.js';
import type { Reply } from '../respond.js';
import { route, type Route } from '../router.js';

function listShape(list: SelectList): Record<string, unknown> {
  return {
    id: list.id,
    api_name: list.api_name,
    display_name: list.display_name,
    options: list.options.map((o) => ({
      id: o.id,
      api_name: o.api_name,
      display_name: o.display_name,
      color: o.color,
    })),
  };
}

function stageLists(ctx: Context, type: string): SelectList[] {
  switch (type) {
    case 'contact':
      return [ctx.org.contactStages];
    case 'account':
      return [ctx.org.accountStages];
    case 'opportunity':
      return ctx.org.opportunityPipelines;
    default:
      return [];
  }
}

/** The attributes of a record type, with is_required_on_create, and its stage select lists. */
function schemaOf(ctx: Context): Reply {
  const type = ctx.params['record_type'] ?? 'contact';
  if (!isRecordType(ctx.org, type))
    throw apiError(404, 'unknown_record_type', `Unknown record type ${type}`, { record_type: type });
  // variation required-flag-omitempty: a boolean flag is sent only when true
  const omitFalse = ctx.variations.has('required-flag-omitempty');
  const flags = (f: Record<string, boolean>) =>
    Object.fromEntries(Object.entries(f).filter(([, on]) => on || !omitFalse));
  const attributes = attributesOf(ctx.org, type, ctx.profile)
    .filter((a) => !a.hidden)
    .map((a) => ({
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
    }));
  return {
    status: 200,
    body: { data: { record_type: type, attributes, stage_select_lists: stageLists(ctx, type).map(listShape) } },
  };
}

function organizationSummary(ctx: Context): Reply {
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
