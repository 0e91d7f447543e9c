import type { Profile } from '../profile.js';
import { defineVariation, type Variation } from './define.js';
import { withProfile } from './kit.js';

/** The spec's words every workspace-required create field stands on. */
const QUOTE =
  "A workspace may configure additional required create fields. Each attribute's `is_required_on_create` is reported by the schema-discovery endpoint.";

/**
 * The checks any required create field could change: every check that creates the record kind (as its
 * subject or as a fixture of another check) would fail if the suite did not send the field.
 */
const CREATES = [
  'record.*',
  'write.*',
  'value.*',
  'generated.*',
  'relationship.*',
  'auth.*',
  'isolation.*',
  'media.*',
  'robustness.*',
];

export interface RequiredCreateField {
  id: string;
  description: string;
  /** the globs beyond `CREATES`: the record kind's own rules and those of the checks that create it */
  affects: readonly string[];
  conflicts?: readonly string[];
  /** the profile's required attribute of the record kind, e.g. `{ contactRequiredAttribute: 'department' }` */
  profile: Partial<Omit<Profile, 'name'>>;
}

/**
 * A workspace that requires one more field on a record kind's create, and says so in GET /_schema/<kind>:
 * the suite must find it there and send a value on every record of that kind it creates.
 */
export function requiredCreateField(field: RequiredCreateField): Variation {
  const { profile, affects, ...rest } = field;
  return defineVariation({ ...rest, quote: QUOTE, affects: [...affects, ...CREATES], apply: withProfile(profile) });
}
