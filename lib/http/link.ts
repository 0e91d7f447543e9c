/**
 * A link a server states (a transcript's pre-signed `url`) is followed only where the user's trust
 * already reaches: the base URL's origin, or a host named with --allow-host. Anything else is never
 * requested, however the server words it: the hostile-server guarantee "never a request outside the
 * base URL" widens by what the user allowed, and no further.
 */
export class LinkNotAllowed extends Error {
  constructor(
    readonly host: string,
    reason: string,
    /** whether --allow-host naming `host` would let it be followed (an http(s) link to another host) */
    readonly allowable = false,
  ) {
    super(reason);
    this.name = 'LinkNotAllowed';
  }
}

/** The most redirects followed from one link, each to an allowed origin. */
export const MAX_LINK_REDIRECTS = 3;

/** The URL of a link that may be followed; throws LinkNotAllowed naming the host otherwise. */
export function allowedLink(baseUrl: string, link: string, allowHosts: readonly string[]): URL {
  let u: URL;
  try {
    u = new URL(link);
  } catch {
    throw new LinkNotAllowed('', 'it is not an absolute URL');
  }
  const host = u.host.slice(0, 253);
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    throw new LinkNotAllowed(host, `its scheme ${JSON.stringify(u.protocol.slice(0, 20))} is not http or https`);
  if (u.username !== '' || u.password !== '') throw new LinkNotAllowed(host, 'it carries credentials of its own');
  if (u.origin === new URL(baseUrl).origin || allowHosts.includes(u.host)) return u;
  throw new LinkNotAllowed(
    host,
    `its host ${JSON.stringify(host)} is not the base URL's, nor one --allow-host names`,
    true,
  );
}
