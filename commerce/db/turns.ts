// Embedded PGlite runs every statement on the server's only thread, and awaiting one does not
// let the event loop reach the sockets: a run of statements (a transaction, a batch) blocks
// every request until it ends. Long background work hands the loop a turn between statements
// so the waiting room's polls and the shop's pages are answered meanwhile. On PostgreSQL it
// costs one turn of the loop.
export function giveTheLoopATurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** `items` in slices of `size`, the loop given a turn between two slices. */
export async function inSlices<T>(
  items: readonly T[],
  size: number,
  write: (slice: T[], start: number) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await giveTheLoopATurn();
    await write(items.slice(start, start + size), start);
  }
}
