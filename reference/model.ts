/** The in-memory shapes the reference server keeps; responses are rendered from these. */

export interface SelectOption {
  id: string;
  api_name: string;
  display_name: string;
  color: string;
  /** opportunity stages only */
  closing_probability?: string;
  expected_days?: number;
}

export interface SelectList {
  id: string;
  api_name: string;
  display_name: string;
  options: SelectOption[];
}

export interface CustomObjectAttribute {
  api_name: string;
  value_type: 'string' | 'long_text' | 'currency' | 'timestamp' | 'number' | 'boolean' | 'select';
  /** select attributes: the list of options a value must name */
  selectList?: SelectList;
}

export interface CustomObjectDef {
  api_name: string;
  display_name: string;
  attributes: CustomObjectAttribute[];
  /** attributes an upsert may match on */
  matchFields: string[];
}

export interface Org {
  id: string;
  name: string;
  teamId: string;
  contactStages: SelectList;
  accountStages: SelectList;
  /** two pipelines that share one option api_name, so select_list_id matters */
  opportunityPipelines: SelectList[];
  customObjects: CustomObjectDef[];
}

export interface User {
  id: string;
  orgId: string;
  name: string;
  readOnly: boolean;
}

export interface RecordRef {
  id: string;
  type: string;
}

/**
 * One record. `attrs` holds the `value` part of each typed attribute, except timestamps,
 * which are epoch milliseconds so each profile can format them its own way.
 */
export interface StoredRecord {
  id: string;
  orgId: string;
  type: string;
  createdAt: number;
  updatedAt: number;
  attrs: Record<string, unknown>;
  /** meetings only: whether a transcript exists */
  hasTranscript?: boolean;
}

/** A relationship edge; symmetric, readable from either end. */
export interface Edge {
  id: string;
  orgId: string;
  /** insertion order, the stable order of relationship pages */
  seq: number;
  a: RecordRef;
  b: RecordRef;
  throughType: string;
  attrs: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}
