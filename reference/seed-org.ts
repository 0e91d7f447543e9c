import { randomUUID } from 'node:crypto';
import type { CustomObjectDef, Org, SelectList, SelectOption } from './model.js';

type OptionSeed = [apiName: string, displayName: string, color: string, probability?: string, days?: number];

function list(apiName: string, displayName: string, options: OptionSeed[]): SelectList {
  return {
    id: randomUUID(),
    api_name: apiName,
    display_name: displayName,
    options: options.map(([api, display, color, probability, days]): SelectOption => ({
      id: randomUUID(),
      api_name: api,
      display_name: display,
      color,
      ...(probability === undefined ? {} : { closing_probability: probability }),
      ...(days === undefined ? {} : { expected_days: days }),
    })),
  };
}

export const PROJECT_API_NAME = 'cus_obj__project';

/**
 * The custom object, per organization (its select list has ids of its own): attributes of several
 * value types, as a real workspace's would be, so the suite meets a select with fixed options, a
 * number and a boolean, which it must send exactly as the fixtures give them.
 */
function projectObject(): CustomObjectDef {
  return {
    api_name: PROJECT_API_NAME,
    display_name: 'Project',
    attributes: [
      { api_name: 'external_key', value_type: 'string' },
      { api_name: 'budget', value_type: 'currency' },
      { api_name: 'kickoff_at', value_type: 'timestamp' },
      {
        api_name: 'priority',
        value_type: 'select',
        selectList: list('project_priority', 'Priority', [
          ['low', 'Low', '#94A3B8'],
          ['medium', 'Medium', '#F59E0B'],
          ['high', 'High', '#EF4444'],
        ]),
      },
      { api_name: 'headcount', value_type: 'number' },
      { api_name: 'is_active', value_type: 'boolean' },
      { api_name: 'summary', value_type: 'long_text' },
    ],
    matchFields: ['external_key'],
  };
}

/**
 * An organization with its workspace configuration: one contact stage list, one account
 * stage list, two opportunity pipelines sharing the option `discovery`, one custom object.
 */
export function newOrg(name: string): Org {
  return {
    id: randomUUID(),
    name,
    teamId: randomUUID(),
    contactStages: list('contact_stage', 'Contact stage', [
      ['lead', 'Lead', '#94A3B8'],
      ['qualified', 'Qualified', '#3B82F6'],
      ['customer', 'Customer', '#22C55E'],
    ]),
    accountStages: list('account_stage', 'Account stage', [
      ['prospect', 'Prospect', '#94A3B8'],
      ['active', 'Active', '#22C55E'],
      ['churned', 'Churned', '#EF4444'],
    ]),
    opportunityPipelines: [
      list('new_business', 'New business', [
        ['discovery', 'Discovery', '#A855F7', '0.10', 14],
        ['proposal', 'Proposal', '#3B82F6', '0.50', 21],
        ['closed_won', 'Closed won', '#22C55E', '1.00', 0],
      ]),
      list('renewals', 'Renewals', [
        ['discovery', 'Discovery', '#A855F7', '0.20', 7],
        ['onboarding', 'Onboarding', '#F59E0B', '0.60', 30],
        ['closed_lost', 'Closed lost', '#EF4444', '0.00', 0],
      ]),
    ],
    customObjects: [projectObject()],
  };
}
