// The shelf both kinds of page copies are kept on (server/page-cache.ts, decision 0055;
// app/services/page-copies.server.ts, decision 0058): a copy is answered for its lifetime,
// at most `maxCopies` are kept (oldest dropped first), and those past their lifetime are swept
// whenever a new one is kept, so odd addresses cannot pile up. The render that makes a copy
// again can be waited for by the visitors who arrive meanwhile (the moment a popular copy
// runs out, in an on-sale).
export type KeptCopies<T extends { storedAt: number }> = {
  /** The copy under the key, fresh or not (a stale one still says the page is shared). */
  known(key: string): T | undefined;
  /** The copy under the key while within its lifetime. */
  fresh(key: string): T | null;
  keep(key: string, copy: T): void;
  forget(key: string): void;
  /** The render under way for the key, if one leads: visitors right behind wait for it. */
  underway(key: string): Promise<T | null> | undefined;
  /**
   * Runs a render for the key; with `lead`, as the key's render under way when there is none
   * yet, so that others wait for it rather than render the same page. The copy it makes (if
   * any) is kept; what it answers is returned. Register it before anything is awaited.
   */
  render<R>(
    key: string,
    lead: boolean,
    work: () => Promise<{ answer: R; copy: T | null }>,
  ): Promise<R>;
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
  const rendering = new Map<string, Promise<T | null>>();
  const keep = (key: string, copy: T) => {
    copies.delete(key);
    for (const [other, kept] of copies) {
      if (copy.storedAt - kept.storedAt >= ttlMs) copies.delete(other);
    }
    if (copies.size >= maxCopies) {
      const oldest = copies.keys().next().value;
      if (oldest !== undefined) copies.delete(oldest);
    }
    copies.set(key, copy);
  };
  return {
    known: (key) => copies.get(key),
    fresh(key) {
      const copy = copies.get(key);
      if (!copy) return null;
      const age = now() - copy.storedAt;
      return age >= 0 && age < ttlMs ? copy : null;
    },
    keep,
    forget: (key) => {
      copies.delete(key);
    },
    underway: (key) => rendering.get(key),
    async render(key, lead, work) {
      let settle: (copy: T | null) => void = () => {};
      const leads = lead && !rendering.has(key);
      if (leads) rendering.set(key, new Promise<T | null>((resolve) => (settle = resolve)));
      let made: T | null = null;
      try {
        const { answer, copy } = await work();
        made = copy;
        if (copy) keep(key, copy);
        return answer;
      } finally {
        settle(made);
        if (leads) rendering.delete(key);
      }
    },
  };
}
