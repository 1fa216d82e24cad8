// drizzle over PGlite without PGlite merging drizzle's result parsers into its own on every
// statement. drizzle asks for timestamps, dates and intervals (and their arrays) as text by
// passing `parsers` with each query; PGlite then copies its table of 300-odd type parsers
// with drizzle's laid over it, per statement: about 0.1 ms each, 12 % of the embedded
// server's CPU in an on-sale (bench/README.md, "On-sale", session 16). Setting the same
// parsers on the instance once and dropping them from each call gives the same rows
// (decision 0056). The same proxy sends each statement as a named one, parsed once
// (pglite-named-statements.ts, decision 0057).
import {
  type NamedStatements,
  namedStatements,
  type PgliteProtocol,
} from "./pglite-named-statements.ts";

type Parser = (value: string, typeId?: number) => unknown;
type QueryOptions = { parsers?: Record<number, Parser> } & Record<string, unknown>;

/**
 * What drizzle-orm's PGlite session keeps as text, by type id (drizzle-orm/pglite/session).
 * Numbers, not PGlite's `types`: PGlite is loaded only once a server opens it (client.ts).
 */
export const textResultTypes: readonly number[] = [
  1114, // timestamp
  1184, // timestamptz
  1186, // interval
  1082, // date
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

type Queryable = {
  query: (query: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;
};
type PgliteLike = Queryable & {
  parsers: Record<number, Parser>;
  transaction: <T>(run: (tx: Queryable) => Promise<T>) => Promise<T>;
};

/**
 * Its statements' `parsers` dropped (the instance already parses those types the same way),
 * and sent as named statements when `named` is given.
 */
function forDrizzle<T extends Queryable>(
  target: T,
  named: NamedStatements | null,
  inTransaction: boolean,
): T {
  return new Proxy(target, {
    get(object, key) {
      const value = Reflect.get(object, key, object);
      if (typeof value !== "function") return value;
      if (key === "query") {
        return (query: string, params?: unknown[], options?: QueryOptions) => {
          const { parsers: _sameAsTheInstance, ...rest } = options ?? {};
          // A query with a file attached (COPY … '/dev/blob') keeps PGlite's own path.
          if (named && rest.blob === undefined) {
            return named.query(query, params, rest, inTransaction);
          }
          return value.call(object, query, params, rest);
        };
      }
      if (key === "transaction") {
        return (run: (tx: Queryable) => Promise<unknown>) =>
          value.call(object, (tx: Queryable) => run(forDrizzle(tx, named, true)));
      }
      // PGlite keeps private fields: its methods must run on the object itself.
      return value.bind(object);
    },
  });
}

/**
 * The client to hand to drizzle: `client` (ready, its array types loaded) with drizzle's text
 * parsers set on it once, and, given PGlite's module, its statements parsed once by name.
 */
export function pgliteForDrizzle<T extends object>(client: T, pgliteModule?: PgliteProtocol): T {
  const pglite = client as unknown as PgliteLike;
  for (const typeId of textResultTypes) pglite.parsers[typeId] = (value: string) => value;
  const named = pgliteModule ? namedStatements(client, pgliteModule) : null;
  return forDrizzle(pglite, named, false) as unknown as T;
}
