import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Fixtures } from '../fixtures/fixtures-file.js';
import { Clock } from './clock.js';
import { resolveFaults } from './faults/registry.js';
import { resolveVariations } from './variations/registry.js';
import { buildFixtures } from './fixtures.js';
import type { User } from './model.js';
import { resolveOptions, type ReferenceKeys, type ReferenceOptions } from './options.js';
import { profileFor } from './profile.js';
import { allRoutes } from './routes/index.js';
import { seedOrg } from './seed.js';
import { newOrg } from './seed-org.js';
import { BASE_PATH, createReferenceHttpServer, type ServerState } from './server.js';
import { Store } from './store.js';
import { Quota } from './quota/quota.js';

export type { ReferenceKeys, ReferenceOptions } from './options.js';
export type { QuotaOptions } from './quota/quota.js';
export { knownFaultIds } from './faults/registry.js';
export { knownVariationIds } from './variations/registry.js';

export interface RunningReference {
  baseUrl: string;
  keys: ReferenceKeys;
  fixtures: Fixtures;
  close(): Promise<void>;
}

function user(orgId: string, name: string, readOnly: boolean): User {
  return { id: randomUUID(), orgId, name, readOnly };
}

/** A wildcard listen address is reached through loopback; IPv6 literals need brackets. */
function urlHost(host: string): string {
  if (host === '' || host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Start the reference server: two organizations (A with a read-write and a read-only key,
 * B with one key), seeded records, in-memory storage. Fixtures describe org A.
 */
export async function startReferenceServer(options?: ReferenceOptions): Promise<RunningReference> {
  const resolved = resolveOptions(options);
  const faults = resolveFaults(resolved.faults);
  const variations = resolveVariations(resolved.variations);
  const store = new Store();
  const clock = new Clock();
  const orgA = newOrg('Org A');
  const orgB = newOrg('Org B');
  const admin = user(orgA.id, 'Ada Admin', false);
  const reader = user(orgA.id, 'Rita Reader', true);
  const other = user(orgB.id, 'Bob Other', false);
  for (const org of [orgA, orgB]) store.orgs.set(org.id, org);
  for (const u of [admin, reader, other]) store.users.set(u.id, u);
  const seedA = seedOrg(store, clock, orgA, admin);
  seedOrg(store, clock, orgB, other);

  const state: ServerState = {
    options: resolved,
    profile: profileFor(resolved.profile),
    store,
    clock,
    routes: allRoutes(),
    principals: new Map([
      [resolved.keys.apiKey, admin],
      [resolved.keys.readOnlyApiKey, reader],
      [resolved.keys.otherOrgApiKey, other],
    ]),
    responseMappers: [],
    requestHooks: [],
    faults: new Set(),
    variations: new Set(),
    requestCount: 0,
    basePath: BASE_PATH,
    ...(resolved.quota ? { quota: new Quota(resolved.quota, resolved.retryAfter, resolved.quotaHeaders) } : {}),
  };
  // variations first: a fault then bends the server as it would that choice
  for (const variation of variations) variation.apply(state);
  for (const fault of faults) fault.apply(state);

  const server = createReferenceHttpServer(state);
  // idle sockets kept far longer than any client keeps them (the suite's: 2 s), so the client always
  // closes first: with Node's 5 s, a run that stalled its process (in-process runs under load) sent a
  // POST on a socket the server was closing, and the write came back ECONNRESET (a blocked check)
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(resolved.port, resolved.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://${urlHost(resolved.host)}:${port}${state.basePath}`;
  return {
    baseUrl,
    keys: { ...resolved.keys },
    fixtures: buildFixtures(baseUrl, resolved.keys, orgA, seedA, resolved.fixtures, orgB),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
