// A customer's phones or addresses: the part both keep the same way. Every change runs in one
// transaction that first locks the customer's row, so changes of one customer's book take
// turns (also across API processes on PostgreSQL) and the default rules (default-rules.ts)
// see a settled book; the partial unique index of the schema is the last word against two
// defaults. Rows are always looked up by id AND customer: another customer's id is unknown.
import { and, eq, ne } from "drizzle-orm";
import type { Transaction } from "../db/client.ts";
import { type customerAddresses, type customerPhones, customers } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, notFound } from "../errors.ts";
import { newEntryIsDefault, successorAfterDelete } from "./default-rules.ts";

export type BookTable = typeof customerPhones | typeof customerAddresses;
// Both tables have the columns used here (id, customerId, isDefault, createdAt); Drizzle's
// query builders want one table type, so the phones' stands for either in the casts below.
type Row<T extends BookTable> = T["$inferSelect"];
/** The row's own data: what a caller gives, without keys, owner, flag or date. */
export type EntryData<T extends BookTable> = Omit<
  T["$inferInsert"],
  "id" | "customerId" | "isDefault" | "createdAt"
>;

export type Book<T extends BookTable> = {
  table: T;
  limit: number;
  /** Whether a stored entry is the one being added again (a form sent twice, a retry). */
  sameEntry: (row: Row<T>, data: EntryData<T>) => boolean;
};

async function lockedBook<T extends BookTable>(
  tx: Transaction,
  book: Book<T>,
  customerId: number,
): Promise<Row<T>[]> {
  const [owner] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for("update");
  if (!owner) throw notFound();
  const table = book.table as typeof customerPhones;
  return (await tx.select().from(table).where(eq(table.customerId, customerId))) as Row<T>[];
}

/** Clears the current default (before another takes it: the unique index allows one). */
async function clearDefault(tx: Transaction, table: BookTable, customerId: number, keep = 0) {
  const t = table as typeof customerPhones;
  await tx
    .update(t)
    .set({ isDefault: false })
    .where(and(eq(t.customerId, customerId), eq(t.isDefault, true), ne(t.id, keep)));
}

export function listEntries<T extends BookTable>(
  deps: Pick<CommerceDeps, "db">,
  book: Book<T>,
  customerId: number,
): Promise<Row<T>[]> {
  const table = book.table as typeof customerPhones;
  return deps.db.select().from(table).where(eq(table.customerId, customerId)) as Promise<Row<T>[]>;
}

/** Adds an entry inside a transaction the caller holds (sign-up adds its phone so). */
export async function insertEntryIn<T extends BookTable>(
  tx: Transaction,
  book: Book<T>,
  customerId: number,
  data: EntryData<T>,
  requestedDefault: boolean | undefined,
  now: Date,
): Promise<Row<T>> {
  const existing = await lockedBook(tx, book, customerId);
  const table = book.table as typeof customerPhones;
  // Adding an entry the customer already has answers that entry: a repeated request adds
  // nothing (it may still make it the default, as asked).
  const twin = existing.find((row) => book.sameEntry(row, data));
  if (twin) {
    if (twin.isDefault || requestedDefault !== true) return twin;
    await clearDefault(tx, book.table, customerId);
    const [row] = await tx
      .update(table)
      .set({ isDefault: true })
      .where(eq(table.id, twin.id))
      .returning();
    return row as Row<T>;
  }
  if (existing.length >= book.limit) throw businessError("CONTACTS_LIMIT", { max: book.limit });
  const isDefault = newEntryIsDefault(existing.length, requestedDefault);
  if (isDefault) await clearDefault(tx, book.table, customerId);
  const [row] = await tx
    .insert(table)
    .values({
      ...(data as EntryData<typeof customerPhones>),
      customerId,
      isDefault,
      createdAt: now,
    })
    .returning();
  return row as Row<T>;
}

export function insertEntry<T extends BookTable>(
  deps: CommerceDeps,
  book: Book<T>,
  customerId: number,
  data: EntryData<T>,
  requestedDefault: boolean | undefined,
): Promise<Row<T>> {
  return deps.db.transaction((tx) =>
    insertEntryIn(tx, book, customerId, data, requestedDefault, deps.now()),
  );
}

/**
 * Changes an entry: `merge` builds its new data from the stored row (and may refuse it);
 * `makeDefault` moves the default to it. Unknown and foreign ids are the same 404.
 */
export function updateEntry<T extends BookTable>(
  deps: CommerceDeps,
  book: Book<T>,
  customerId: number,
  entryId: number,
  merge: (current: Row<T>) => Partial<EntryData<T>>,
  makeDefault: boolean | undefined,
): Promise<Row<T>> {
  return deps.db.transaction(async (tx) => {
    const current = (await lockedBook(tx, book, customerId)).find((row) => row.id === entryId);
    if (!current) throw notFound();
    const changes = merge(current);
    const isDefault = current.isDefault || makeDefault === true;
    if (isDefault && !current.isDefault) await clearDefault(tx, book.table, customerId, entryId);
    const table = book.table as typeof customerPhones;
    const [row] = await tx
      .update(table)
      .set({ ...(changes as Partial<EntryData<typeof customerPhones>>), isDefault })
      .where(and(eq(table.id, entryId), eq(table.customerId, customerId)))
      .returning();
    return row as Row<T>;
  });
}

/** Deletes an entry; when it was the default, the oldest remaining one becomes it. */
export function deleteEntry<T extends BookTable>(
  deps: CommerceDeps,
  book: Book<T>,
  customerId: number,
  entryId: number,
): Promise<void> {
  return deps.db.transaction(async (tx) => {
    const entries = await lockedBook(tx, book, customerId);
    const deleted = entries.find((row) => row.id === entryId);
    if (!deleted) throw notFound();
    const table = book.table as typeof customerPhones;
    await tx.delete(table).where(and(eq(table.id, entryId), eq(table.customerId, customerId)));
    const successor = successorAfterDelete(
      deleted,
      entries.filter((row) => row.id !== entryId),
    );
    if (successor !== null) {
      await tx
        .update(table)
        .set({ isDefault: true })
        .where(and(eq(table.id, successor), eq(table.customerId, customerId)));
    }
  });
}
