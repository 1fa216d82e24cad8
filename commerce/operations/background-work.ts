// Work started after an answer was given (mail, CAE requests): a process that stops waits
// for it before it closes the database, or the work fails half-way ("PGlite is closed") and
// a mail the buyer was promised is never sent. One registry per process: a stop waits for
// all of it, whichever API started it.
const inFlight = new Set<Promise<unknown>>();

/** Registers work under way; the same promise comes back. */
export function inBackground<T>(work: Promise<T>): Promise<T> {
  inFlight.add(work);
  const forget = () => inFlight.delete(work);
  work.then(forget, forget);
  return work;
}

/** How many pieces of background work are under way now. */
export function backgroundWorkInFlight(): number {
  return inFlight.size;
}

/**
 * Resolves once no background work is left (work started meanwhile is waited for too), or
 * after timeoutMs: true when everything finished, false when some was still running.
 */
export async function backgroundWorkSettled(timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  try {
    while (inFlight.size > 0) {
      const settled = Promise.allSettled([...inFlight]).then(() => true as const);
      if (!(await Promise.race([settled, timedOut]))) return false;
    }
    return true;
  } finally {
    clearTimeout(timer);
  }
}
