import type { Rule } from '../../../../lib/catalogue/rule.js';

/**
 * Schema discovery: the spec states what the two endpoints list, not their shapes, so the lists are
 * MUST rules checked as leniently as can be: the names appear somewhere in the JSON body.
 */
export const DISCOVERY_RULES = {
  'discovery.schema-contact': {
    level: 'MUST',
    section: 'Endpoints › Discovery',
    quote:
      '`GET /_schema/contact` lists the contact attributes (including `is_required_on_create`), stage select lists and option api_names.',
    summary: 'GET /_schema/contact answers 2xx with a JSON body (its shape is not shown)',
    endpoints: ['GET /_schema/contact'],
  },
  'discovery.schema-contact-lists': {
    level: 'MUST',
    section: 'Endpoints › Discovery',
    quote:
      '`GET /_schema/contact` lists the contact attributes (including `is_required_on_create`), stage select lists and option api_names.',
    summary:
      "the contact schema body names is_required_on_create and the workspace's stage option (its shape is not shown, so a text search)",
    endpoints: ['GET /_schema/contact'],
  },
  'discovery.schema-contact-attributes': {
    level: 'MUST',
    section: 'Endpoints › Discovery',
    quote:
      '`GET /_schema/contact` lists the contact attributes (including `is_required_on_create`), stage select lists and option api_names.',
    summary:
      "the contact schema names every contact attribute the spec lists, and where it pairs is_required_on_create with attribute names, stage's is true (its shape is not shown; a flag left out reads as false)",
    accepts:
      'a schema that gives is_required_on_create for every attribute, and one that gives it only where it ' +
      'is true (omitempty serialisers, proto3 JSON): "including `is_required_on_create`" does not say a false ' +
      'flag is written out',
    endpoints: ['GET /_schema/contact'],
  },
  'discovery.schema-summary': {
    level: 'MUST',
    section: 'Endpoints › Discovery',
    quote: '`GET /_organization_schema_summary` lists custom objects.',
    summary: 'GET /_organization_schema_summary answers 2xx with a JSON body (its shape is not shown)',
    endpoints: ['GET /_organization_schema_summary'],
  },
  'discovery.summary-lists-custom-object': {
    level: 'MUST',
    section: 'Endpoints › Custom objects',
    quote: 'Available custom objects are discovered with `GET /_organization_schema_summary`.',
    summary: 'the schema summary mentions the custom object named in the fixtures',
    endpoints: ['GET /_organization_schema_summary'],
  },
} as const satisfies Record<string, Rule>;
