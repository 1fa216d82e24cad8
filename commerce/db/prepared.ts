// Statements sent on nearly every call are built once per database and sent as named prepared
// statements: drizzle no longer builds their SQL each time, and PostgreSQL parses and plans
// them once per connection. Only for statements run on the database itself: a prepared query
// is bound to the session it was made on, so never inside a transaction.
import type { Database } from "./client.ts";

const byDatabase = new WeakMap<Database, Map<string, unknown>>();

/** The statement `name` prepared on `db` by `build`, made the first time it is asked for. */
export function preparedOn<T>(db: Database, name: string, build: (db: Database) => T): T {
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}
