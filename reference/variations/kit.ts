import type { Profile } from '../profile.js';
import type { ServerState } from '../server.js';

/** `apply` of a variation that only changes one of the profile's "not shown" answers. */
export function withProfile(changes: Partial<Omit<Profile, 'name'>>): (state: ServerState) => void {
  return (state) => {
    state.profile = { ...state.profile, ...changes };
  };
}
