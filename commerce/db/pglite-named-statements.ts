// Statements parsed and planned once on PGlite. PGlite's `query()` sends every statement as
// the unnamed one: parsed, described and planned again each time, in six calls into its
// WebAssembly. A server sends the same few texts over and over, so each text is parsed once
// under a name here (with its parameter and row descriptions kept), and every later call only
// binds and executes it: a quarter to a third of the cost (bench/pglite-statements.ts,
// decision 0057).
// Results, errors and locking are PGlite's own: the same parser of results, the same
// DatabaseError, the same two locks `query()` takes.

import type * as PgliteModule from "@electric-sql/pglite";

type BackendMessage = Parameters<typeof PgliteModule.parse.parseResults>[0][number];
type QueryOptions = Record<string, unknown>;
type Serializer = (value: unknown) => string;

/** The parts of PGlite's module this needs: passed in, as PGlite is loaded lazily (client.ts). */
export type PgliteProtocol = Pick<typeof PgliteModule, "protocol" | "parse">;

/** The PGlite instance's members used: the protocol call and the locks `query()` takes. */
type PgliteInternals = {
  parsers: Parameters<typeof PgliteModule.parse.parseResults>[1];
  serializers: Record<number, Serializer>;
  execProtocolStream: (
    message: Uint8Array,
    options: { syncToFs: boolean },
  ) => Promise<BackendMessage[]>;
  syncToFs: () => Promise<void>;
  _runExclusiveQuery: <T>(run: () => Promise<T>) => Promise<T>;
  _runExclusiveTransaction: <T>(run: () => Promise<T>) => Promise<T>;
};

type Statement = { name: string; paramTypes: number[]; rowDescription: BackendMessage | null };

/** Numbers the sets of statements, so two on one database never reuse each other's names. */
let sets = 0;

/** PostgreSQL's "cached plan must not change result type": the text must be parsed anew. */
const planChanged = "0A000";

export type NamedStatements = {
  /** Runs `text` as PGlite's `query()` would, from a statement parsed once. */
  query: (
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ) => Promise<unknown>;
  /** How many are kept now (at most `limit`). */
  size: () => number;
};

/**
 * Named statements on `client`, at most `limit` of them: beyond it the least recently used
 * is closed (texts that differ by a list's length would otherwise pile up in the database).
 */
export function namedStatements(
  client: object,
  { protocol, parse }: PgliteProtocol,
  limit = 256,
): NamedStatements {
  const pglite = client as PgliteInternals;
  const { serialize } = protocol;
  const statements = new Map<string, Statement>();
  const closing: string[] = [];
  const prefix = `shop_${++sets}_`;
  let counter = 0;

  const send = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const name = `${prefix}${++counter}`;
    const types = options?.paramTypes as number[] | undefined;
    let described: BackendMessage[] = [];
    try {
      await send(serialize.parse({ name, text, types }));
      described = await send(serialize.describe({ type: "S", name }));
    } finally {
      await send(serialize.sync());
    }
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === "rowDescription") ?? null,
    };
    statements.set(text, statement);
    if (statements.size > limit) {
      const [oldest] = statements;
      if (oldest) {
        statements.delete(oldest[0]);
        closing.push(oldest[1].name);
      }
    }
    return statement;
  }

  function serialized(statement: Statement, params: unknown[], options: QueryOptions | undefined) {
    const own = options?.serializers as Record<number, Serializer> | undefined;
    return params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index] ?? 0;
      const serializer = own?.[type] ?? pglite.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
  }

  async function run(text: string, params: unknown[], options: QueryOptions | undefined) {
    // Statements evicted earlier are closed first, outside any failed statement's way.
    while (closing.length > 0) {
      const name = closing.shift() as string;
      await send(serialize.close({ type: "S", name })).finally(() => send(serialize.sync()));
    }
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: the Map's order is the eviction order.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, options);
    }
    const messages: BackendMessage[] = [];
    try {
      const values = serialized(statement, params, options);
      messages.push(...(await send(serialize.bind({ statement: statement.name, values }))));
      messages.push(...(await send(serialize.execute({}))));
    } catch (error) {
      if ((error as { code?: string }).code === planChanged) {
        statements.delete(text);
        closing.push(statement.name);
      }
      throw error;
    } finally {
      await send(serialize.sync());
    }
    if (statement.rowDescription) messages.unshift(statement.rowDescription);
    return messages;
  }

  return {
    size: () => statements.size,
    query: (text, params = [], options, inTransaction) => {
      const execute = () =>
        pglite._runExclusiveQuery(async () => {
          let messages: BackendMessage[];
          try {
            messages = await run(text, params, options);
          } catch (error) {
            // What PGlite's query() adds to a DatabaseError.
            Object.assign(error as object, { query: text, params, queryOptions: options });
            throw error;
          }
          if (!inTransaction) await pglite.syncToFs();
          return parse.parseResults(messages, pglite.parsers, options)[0];
        });
      // Outside a transaction, wait for any transaction under way, as PGlite's query() does.
      return inTransaction ? execute() : pglite._runExclusiveTransaction(execute);
    },
  };
}
