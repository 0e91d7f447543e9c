/**
 * Requests never leave the base URL. A path is appended to the base URL's path and judged as a
 * server, or a proxy in front of it, will see it: as sent, percent-decoded once, and decoded twice
 * (nginx decodes `%2F` before it passes a path on; a second hop may decode again), each with
 * backslashes read as slashes (`\`, `%5C`), dot segments resolved (`..`, `%2e%2e`, Tomcat's `..;`)
 * and a `?` or `#` taken for what a re-parsing proxy takes it. It is refused when any of those views
 * could land anywhere but under the base path, or when it carries a query or fragment of its own
 * (a query goes in `query`, encoded). This is the net under every path built from a server's value,
 * and under the ledger that `cleanup` replays.
 */
export class OutsideBaseUrl extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`refused to send a request to ${shortPath(path)}: ${reason}; it would leave the base URL`);
    this.name = 'OutsideBaseUrl';
  }
}

/**
 * A path that names a value the server gave which is not an identifier of the run's: an id that is
 * not a uuid, or a record the run judged not its own (lib/safety/provenance.ts). Not sent.
 */
export class NotAnIdentifier extends OutsideBaseUrl {
  constructor(path: string, reason: string) {
    super(path, reason);
    this.message = `refused to send a request to ${shortPath(path)}: ${reason}`;
    this.name = 'NotAnIdentifier';
  }
}

/** A path shown in a message: JSON-quoted, at most 200 characters of it. */
function shortPath(path: string): string {
  const shown = JSON.stringify(path.length > 200 ? path.slice(0, 200) : path);
  return path.length > 200 ? `${shown}… (${path.length} characters)` : shown;
}

/** `.` or `..` as URL parsers (and Tomcat, with `;params`) read a segment. */
const DOT_SEGMENT = /^(\.|%2e){1,2}(;.*)?$/i;

/** Decodes the %XX escapes that spell ASCII; anything else stays as it is (a lenient, byte-wise view). */
function decodeOnce(s: string): string {
  return s.replace(/%([0-7][0-9a-f])/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** Why one view of the path leaves `basePath`, or undefined when it stays under it. */
function leaves(view: string, basePath: string, decoded: boolean): string | undefined {
  if (decoded && /[?#]/.test(view)) return 'once percent-decoded, it holds a ? or #, which a proxy reads as a query';
  const segments = (basePath + view).replace(/\\/g, '/').split('/');
  const out: string[] = [];
  for (const s of segments.slice(1)) {
    if (DOT_SEGMENT.test(s)) {
      if (!decoded) return 'it holds a dot segment (. or ..)';
      if (s.replace(/;.*$/, '').replace(/%2e/gi, '.') === '..') out.pop();
      continue;
    }
    out.push(s);
  }
  const resolved = '/' + out.join('/');
  if (resolved !== basePath && !resolved.startsWith(basePath + '/'))
    return `${decoded ? 'percent-decoded, ' : ''}it resolves to ${shortPath(resolved)}, not under ${basePath || '/'}`;
  return undefined;
}

/** The URL of `path` under `baseUrl`; throws OutsideBaseUrl when it would not stay there. */
export function assertUnderBase(baseUrl: string, path: string): URL {
  if (!path.startsWith('/')) throw new OutsideBaseUrl(path, 'a path under the base URL starts with /');
  if (path.includes('#')) throw new OutsideBaseUrl(path, 'it holds a fragment (#)');
  if (path.includes('?'))
    throw new OutsideBaseUrl(path, 'it holds a query (?): a query goes in as parameters, encoded');
  if (path.includes('\\')) throw new OutsideBaseUrl(path, 'it holds a backslash');
  const { origin, basePath } = baseOf(baseUrl);
  const sent = leaves(path, basePath, false);
  if (sent !== undefined) throw new OutsideBaseUrl(path, sent);
  // with no escape in it, each decoded view is the path as sent, which stays under the base path
  if (path.includes('%')) {
    const once = decodeOnce(path);
    for (const view of [once, decodeOnce(once)]) {
      const why = leaves(view, basePath, true);
      if (why !== undefined) throw new OutsideBaseUrl(path, why);
    }
  }
  const u = new URL(origin + basePath + path);
  if (u.origin !== origin) throw new OutsideBaseUrl(path, 'it names another host');
  if (u.pathname !== basePath && !u.pathname.startsWith(basePath + '/')) {
    throw new OutsideBaseUrl(path, `its path is not under ${basePath || '/'}`);
  }
  return u;
}

/** A base URL's origin and path (no trailing slash), parsed once per base URL (a run has one or two). */
function baseOf(baseUrl: string): { origin: string; basePath: string } {
  let known = bases.get(baseUrl);
  if (known === undefined) {
    const base = new URL(baseUrl);
    known = { origin: base.origin, basePath: base.pathname.replace(/\/+$/, '') };
    if (bases.size >= 16) bases.clear();
    bases.set(baseUrl, known);
  }
  return known;
}
const bases = new Map<string, { origin: string; basePath: string }>();

/** Whether a path stays under the base URL (the ledger and `cleanup` skip one that does not). */
export function isUnderBase(baseUrl: string, path: string): boolean {
  try {
    assertUnderBase(baseUrl, path);
    return true;
  } catch {
    return false;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec: "Path parameters named `*_id` are uuid strings." */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A value from the server as one path segment: percent-encoded, so `/`, `?`, `#` and `..` stay inside it. */
export function segment(value: string): string {
  // `.` and `..` (even percent-encoded) are resolved as dot segments by URL parsers: no encoding keeps them
  if (value === '.' || value === '..') throw new OutsideBaseUrl(value, 'a dot segment cannot be a path parameter');
  return encodeURIComponent(value);
}
