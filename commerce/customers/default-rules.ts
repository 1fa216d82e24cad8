// Which of a customer's phones (or addresses) is the default: pure rules, applied by
// contact-book.ts inside one transaction per change.

export type BookEntry = { id: number; isDefault: boolean };

/** A new entry is the default when asked, and always when it is the customer's first. */
export function newEntryIsDefault(existing: number, requested: boolean | undefined): boolean {
  return existing === 0 || requested === true;
}

/**
 * After an entry is deleted: the one to make the default, if any. When the default went,
 * the oldest of the rest (lowest id) takes over; otherwise nothing changes.
 */
export function successorAfterDelete(
  deleted: BookEntry,
  remaining: readonly BookEntry[],
): number | null {
  if (!deleted.isDefault || remaining.some((entry) => entry.isDefault)) return null;
  if (remaining.length === 0) return null;
  return Math.min(...remaining.map((entry) => entry.id));
}

/** Lists show the default first, then the rest oldest first. */
export function defaultFirst<E extends BookEntry>(entries: readonly E[]): E[] {
  return [...entries].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.id - b.id);
}
