import { randomUUID } from 'node:crypto';
import type { Context } from '../context.js';
import { apiError, validationError } from '../errors.js';
import type { Edge, RecordRef, StoredRecord } from '../model.js';
import { pageOf, parsePageRequest } from '../pagination.js';
import {
  defaultThroughAttributes,
  relationshipKind,
  renderThrough,
  type RelationshipKind,
} from '../relationship-kinds.js';
import { resolveTarget } from '../relationship-targets.js';
import type { Reply } from '../respond.js';
import { route, type Route } from '../router.js';
import { otherEnd } from '../store.js';
import { isObject, parseAttribute } from '../values.js';
import { createdReply, deletedReply, findRecord, param } from './common.js';

const ref = (r: StoredRecord): RecordRef => ({ id: r.id, type: r.type });

function kindOf(ctx: Context, parent: StoredRecord): RelationshipKind {
  const apiName = param(ctx, 'api_name');
  const kind = relationshipKind(ctx.org, parent.type, apiName);
  if (!kind)
    throw apiError(404, 'unknown_record_type', `${parent.type} has no relationship ${apiName}`, {
      record_type: parent.type,
      api_name: apiName,
    });
  return kind;
}

export function relationshipItem(kind: RelationshipKind, edge: Edge, parentId: string): Record<string, unknown> {
  const far = otherEnd(edge, parentId);
  return {
    related_record_id: far.id,
    related_record_type: far.type,
    through: { id: edge.id, record_type: edge.throughType, attributes: renderThrough(kind, edge) },
  };
}

function throughAttributes(ctx: Context, kind: RelationshipKind): Record<string, unknown> {
  const raw = ctx.body?.['attributes'];
  if (raw === undefined || raw === null) return {};
  if (!isObject(raw))
    throw validationError([{ loc: ['body', 'attributes'], type: 'dict_type', msg: 'attributes must be an object' }]);
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const def = kind.throughAttributes.find((d) => d.name === name);
    if (!def)
      throw apiError(422, 'unknown_field', `Unknown relationship attribute ${name}`, { field: name, fields: [name] });
    out[name] = parseAttribute(def, value, ctx, ['body', 'attributes', name]);
  }
  return out;
}

/** A contact may join an opportunity only once it is on that opportunity's account. */
function checkAssociation(ctx: Context, parent: StoredRecord, target: StoredRecord): void {
  const pair = [parent, target];
  const contact = pair.find((r) => r.type === 'contact');
  const opportunity = pair.find((r) => r.type === 'opportunity');
  // fault association-rule-not-enforced: any contact may join any opportunity
  if (!contact || !opportunity || ctx.faults.has('association-rule-not-enforced')) return;
  const accountId = (opportunity.attrs['account_id'] as { related_record_id?: string } | null)?.related_record_id;
  const linked =
    accountId !== undefined && ctx.store.edgeBetween(ctx.org.id, ref(contact), { id: accountId, type: 'account' });
  if (!linked) {
    throw apiError(409, 'contact_account_association_required', "The contact is not on the opportunity's account", {
      contact_id: contact.id,
      opportunity_id: opportunity.id,
      account_id: accountId ?? null,
    });
  }
}

function link(parentType: string, idParam: string) {
  return (ctx: Context): Reply => {
    const parent = findRecord(ctx, parentType, param(ctx, idParam));
    const kind = kindOf(ctx, parent);
    const target = resolveTarget(ctx, kind);
    const attrs = throughAttributes(ctx, kind);
    checkAssociation(ctx, parent, target);
    const body = (edge: Edge): unknown => ({
      parent: { id: parent.id, record_type: parent.type },
      api_name: kind.apiName,
      item: relationshipItem(kind, edge, parent.id),
    });
    const existing = ctx.store.edgeBetween(ctx.org.id, ref(parent), ref(target));
    if (existing) {
      // linking again returns the existing edge, with any through attributes sent applied
      Object.assign(existing.attrs, attrs);
      return { status: 200, body: body(existing) };
    }
    const now = ctx.clock.now();
    // the contact end is always `a`, so an edge is the same from both sides
    const [a, b] = parent.type === 'contact' ? [ref(parent), ref(target)] : [ref(target), ref(parent)];
    const edge = ctx.store.addEdge({
      id: randomUUID(),
      orgId: ctx.org.id,
      a,
      b,
      throughType: kind.throughType,
      attrs: { ...defaultThroughAttributes(kind), ...attrs },
      createdAt: now,
      updatedAt: now,
    });
    return createdReply(ctx, body(edge));
  };
}

function read(parentType: string, idParam: string) {
  return (ctx: Context): Reply => {
    const parent = findRecord(ctx, parentType, param(ctx, idParam));
    const kind = kindOf(ctx, parent);
    const request = parsePageRequest(ctx.query, ctx.profile);
    const edges = ctx.store
      .edgesFrom(ctx.org.id, parent.id, kind.targetType)
      .filter((e) => e.throughType === kind.throughType);
    const { page, nextCursor } = pageOf(edges, request, ctx.profile, ctx.query.get('cursor'));
    return {
      status: 200,
      body: {
        count: edges.length,
        next_cursor: nextCursor,
        parent: { id: parent.id, record_type: parent.type },
        api_name: kind.apiName,
        items: page.map((e) => relationshipItem(kind, e, parent.id)),
      },
    };
  };
}

function unlink(parentType: string, idParam: string) {
  return (ctx: Context): Reply => {
    const parent = findRecord(ctx, parentType, param(ctx, idParam));
    const kind = kindOf(ctx, parent);
    const targetId = param(ctx, 'target_id');
    const edge = ctx.store
      .edgesFrom(ctx.org.id, parent.id, kind.targetType)
      .find((e) => e.throughType === kind.throughType && otherEnd(e, parent.id).id === targetId);
    if (!edge)
      throw apiError(404, 'record_not_found', `No ${kind.apiName} edge to ${targetId}`, {
        api_name: kind.apiName,
        target_id: targetId,
      });
    ctx.store.removeEdge(edge);
    const item = relationshipItem(kind, edge, parent.id);
    return deletedReply(ctx, {
      data: { parent: { id: parent.id, record_type: parent.type }, api_name: kind.apiName, item },
    });
  };
}

const CONTACT = '/contact/:contact_id/relationship/:api_name';
const OPPORTUNITY = '/opportunity/:opportunity_id/relationship/:api_name';

export const relationshipRoutes: Route[] = [
  route('POST', CONTACT, link('contact', 'contact_id')),
  // only the accounts read is stated
  route('GET', CONTACT, read('contact', 'contact_id'), (params) => params['api_name'] === 'accounts'),
  route('DELETE', `${CONTACT}/:target_id`, unlink('contact', 'contact_id'), false),
  route('POST', OPPORTUNITY, link('opportunity', 'opportunity_id')),
  route('GET', OPPORTUNITY, read('opportunity', 'opportunity_id'), false),
  route('DELETE', `${OPPORTUNITY}/:target_id`, unlink('opportunity', 'opportunity_id')),
];

export { read as readRelationship };
