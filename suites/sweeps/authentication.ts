import type { AnyTable } from '../spec/operation-row.js';
import { oneOfEachMethod, probes, type Probe } from './probes.js';

/**
 * The authentication sweeps, as functions of the operation table. Authentication comes before
 * everything else an endpoint does, so values that name nothing are enough: whatever the id, a request
 * without an acceptable credential is answered 401.
 */
export interface AuthenticationSweep {
  /**
   * every operation, sent without a credential (auth.missing-401): a route left outside
   * authentication is a fault of one operation
   */
  missingCredential: Probe[];
  /**
   * one operation of each method, sent an unknown key (auth.invalid-key): how a key is judged is the
   * authenticator's, which every route that authenticates at all shares
   */
  unknownKey: Probe[];
}

export function authenticationSweep(table: AnyTable): AuthenticationSweep {
  const all = probes(table);
  return { missingCredential: all, unknownKey: oneOfEachMethod(all) };
}
