// The shelf both kinds of page copies are kept on (server/page-cache.ts, decision 0055;
// app/services/page-copies.server.ts, decision 0058): a copy is answered for its lifetime,
// at most `maxCopies` are kept (oldest dropped first), and those past their lifetime are swept
// whenever a new one is kept, so odd addresses cannot pile up.
export type KeptCopies<T extends { storedAt: number }> = {
  /** The copy under the key, fresh or not (a stale one still says the page is shared). */
  known(key: string): T | undefined;
  /** The copy under the key while within its lifetime. */
  fresh(key: string): T | null;
  keep(key: string, copy: T): void;
  forget(key: string): void;
};

export function keptCopies<T extends { storedAt: number }>({
  ttlMs,
  maxCopies,
  now,
}: {
  ttlMs: number;
  maxCopies: number;
  now: () => number;
}): KeptCopies<T> {
  const copies = new Map<string, T>();
  return {
    known: (key) => copies.get(key),
    fresh(key) {
      const copy = copies.get(key);
      if (!copy) return null;
      const age = now() - copy.storedAt;
      return age >= 0 && age < ttlMs ? copy : null;
    },
    keep(key, copy) {
      copies.delete(key);
      for (const [other, kept] of copies) {
        if (copy.storedAt - kept.storedAt >= ttlMs) copies.delete(other);
      }
      if (copies.size >= maxCopies) {
        const oldest = copies.keys().next().value;
        if (oldest !== undefined) copies.delete(oldest);
      }
      copies.set(key, copy);
    },
    forget: (key) => {
      copies.delete(key);
    },
  };
}
