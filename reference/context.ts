import type { Clock } from './clock.js';
import type { Org, User } from './model.js';
import type { ResolvedOptions } from './options.js';
import type { Profile } from './profile.js';
import type { Store } from './store.js';

/** Everything a route handler may use: the caller's org and user, the store and the options. */
export interface Context {
  store: Store;
  org: Org;
  user: User;
  options: ResolvedOptions;
  profile: Profile;
  clock: Clock;
  method: string;
  path: string;
  params: Record<string, string>;
  /** flags of the active faults that hook into handlers (faults/); empty on a conforming server */
  faults: ReadonlySet<string>;
  /** flags of the active legal variations that hook into handlers (variations/) */
  variations: ReadonlySet<string>;
  query: URLSearchParams;
  /** the origin the request came to (`http://host:port`), for links the server gives to itself */
  origin?: string;
  /** the parsed JSON object, or undefined when the request had no body */
  body: Record<string, unknown> | undefined;
}
