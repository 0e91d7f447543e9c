import type { ApiOperation } from './api-operation.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The parameters of a path template, in their order: `/contact/{contact_id}` → `['contact_id']`. */
export function parameterNames(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

/** A request path's match against one operation: the operation and its parameters' values, as sent. */
export interface OperationMatch {
  operation: ApiOperation;
  values: Record<string, string>;
}

interface Matcher {
  operation: ApiOperation;
  re: RegExp;
  /** with a trailing slash allowed: how a create is recognised (a server may take `/contact/`) */
  loose: RegExp;
  literals: number;
  /** its template's parameters, in their order */
  names: string[];
}

/**
 * The operations, indexed to answer "which stated operation is this request?". Literal segments win
 * over parameters (`/contact/{id}/relationship/accounts` before `…/{api_name}`); a uuid parameter
 * matches any one segment (a hostile id is still a request of that operation); a parameter with a
 * prefix matches only segments that carry it.
 */
export class OperationIndex {
  /** per method, literal segments first: a run asks a thousand times, each once tried every operation */
  private readonly matchers = new Map<string, Matcher[]>();
  private readonly byEndpoint: ReadonlyMap<string, ApiOperation>;

  constructor(readonly all: readonly ApiOperation[]) {
    this.byEndpoint = new Map(all.map((o) => [o.endpoint, o]));
    const matchers = all
      .map((operation): Matcher => {
        const segments = operation.template.split('/').map((seg) => {
          const name = /^\{(.+)\}$/.exec(seg)?.[1];
          if (name === undefined) return escape(seg);
          const prefix = operation.params[name]?.prefix;
          return prefix === undefined ? '([^/]+)' : `(${escape(prefix)}[^/]+)`;
        });
        const pattern = segments.join('/');
        const literals = operation.template.split('/').filter((s) => s && !s.startsWith('{')).length;
        const names = parameterNames(operation.template);
        return { operation, re: new RegExp(`^${pattern}$`), loose: new RegExp(`^${pattern}/?$`), literals, names };
      })
      .sort((a, b) => b.literals - a.literals);
    for (const m of matchers) {
      const same = this.matchers.get(m.operation.method) ?? [];
      same.push(m);
      this.matchers.set(m.operation.method, same);
    }
  }

  /** Every operation as the spec writes it, in the table's order. */
  get endpoints(): string[] {
    return this.all.map((o) => o.endpoint);
  }

  operation(endpoint: string): ApiOperation | undefined {
    return this.byEndpoint.get(endpoint);
  }

  /** The stated operation a request was made to (its path under the base URL); undefined for an unstated route. */
  endpointOf(method: string, pathUnderBase: string): string | undefined {
    return this.match(method, pathUnderBase)?.operation.endpoint;
  }

  /** The operation and its parameters' values; `loose` also takes a trailing slash. */
  match(method: string, pathUnderBase: string, loose = false): OperationMatch | undefined {
    const bare = pathUnderBase.split(/[?#]/)[0] ?? '';
    for (const matcher of this.matchers.get(method.toUpperCase()) ?? []) {
      const hit = (loose ? matcher.loose : matcher.re).exec(bare);
      if (!hit) continue;
      const values: Record<string, string> = {};
      matcher.names.forEach((name, i) => (values[name] = hit[i + 1]!));
      return { operation: matcher.operation, values };
    }
    return undefined;
  }

  /** The operation's template with each parameter replaced by its value, as given (encode values first). */
  static fill(template: string, values: Readonly<Record<string, string>>): string {
    return template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      const v = values[name];
      if (v === undefined) throw new Error(`no value for {${name}} in ${template}`);
      return v;
    });
  }
}
