/**
 * The fixtures file: the records and workspace names a server under test already has.
 * The spec has no create endpoints for tasks, notes and meetings and leaves stage options,
 * custom objects and relationship api_names to each workspace, so the user names them here.
 * Every key is optional; a check that needs a missing key is skipped with a reason naming it.
 */
export interface Fixtures {
  baseUrl?: string;
  apiKey?: string;
  otherOrgApiKey?: string;
  readOnlyApiKey?: string;
  contact?: {
    /** a stage api_name valid on contact create */
    stage?: string;
    /** another stage api_name, to observe a change */
    otherStage?: string;
    /** the display name of `stage`, to create a contact by display name */
    stageDisplayName?: string;
    /**
     * attributes the workspace requires on contact create beyond stage ("A workspace may configure
     * additional required create fields"): api_name → raw value, sent as given on every contact the
     * suite creates
     */
    createAttributes?: Record<string, unknown>;
  };
  /** organization B's own workspace values (its stages and options are not organization A's) */
  otherOrg?: {
    contact?: { stage?: string; createAttributes?: Record<string, unknown> };
    /** uuid of an opportunity stage option of organization B's workspace */
    opportunity?: { stageId?: string };
  };
  opportunity?: {
    /** uuid of an opportunity stage option */
    stageId?: string;
    /** uuid of the select list holding `stageId` */
    stageSelectListId?: string;
    /** an option api_name present in two opportunity stage select lists */
    sharedStageName?: string;
  };
  account?: {
    /** an account stage api_name (to write an account_stage value) */
    stage?: string;
  };
  /**
   * uuids of existing tasks the suite may patch (the spec has no task create). One is enough: every
   * task check uses the first, taking turns; none is ever archived.
   */
  taskIds?: string[];
  /**
   * tasks made for the archive check alone: `DELETE /task/{id}` archives one for good. A list (one
   * per complete run: the first not yet archived is used) or a single uuid.
   */
  taskToArchive?: string | string[];
  noteId?: string;
  /** uuid of a meeting with a transcript */
  meetingId?: string;
  /** uuid of a contact with at least two phone items, one primary */
  contactWithPhoneNumbersId?: string;
  /**
   * an account with a primary domain and other domains given up: `otherDomain` is removed for good
   * where the server takes no domains on account create. A list (one per complete run: the first still
   * on the account is used) or a single domain name.
   */
  accountWithDomains?: { id?: string; primaryDomain?: string; otherDomain?: string | string[] };
  customObject?: {
    /** full api_name including the cus_obj__ prefix */
    apiName?: string;
    /** the attribute upsert matches on */
    matchField?: string;
    /** writable attributes with sample values */
    attributes?: Record<string, unknown>;
    /**
     * uuid of a record with more than 50 edges under `relationships.customObject`: the default page
     * size (50) is then seen by reading it, instead of linking 51 new contacts the API cannot archive
     */
    recordWithManyEdgesId?: string;
  };
  relationships?: {
    contactAccounts?: string;
    contactOpportunities?: string;
    opportunityContacts?: string;
    /** api_name linking a contact to a custom-object record */
    contactCustomObject?: string;
    /** api_name readable on the custom object (GET /{cus_obj}/{id}/relationship/{api_name}) */
    customObject?: string;
  };
}

/** `taskToArchive` as a list: a single uuid is a list of one. */
export function tasksToArchive(f: Fixtures): string[] {
  const v = f.taskToArchive;
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** `accountWithDomains.otherDomain` as a list: a single domain is a list of one. */
export function otherDomains(f: Fixtures): string[] {
  const v = f.accountWithDomains?.otherDomain;
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}
