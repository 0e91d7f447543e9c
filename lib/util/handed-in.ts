/**
 * A value the composition root hands the engine once, before anything runs (the spec's catalogue, its
 * judgements, its fixtures file): `use` sets it, `get` reads it, and throws, naming what is missing,
 * when nothing was handed in (a composition root, or a test, that forgot useSpec).
 */
export function handedIn<T>(what: string): { use(value: T): void; get(): T } {
  let value: T | undefined;
  return {
    use: (v) => {
      value = v;
    },
    get: () => {
      if (value === undefined)
        throw new Error(`no ${what} handed in: the composition root calls useSpec(…) with the spec's first`);
      return value;
    },
  };
}
