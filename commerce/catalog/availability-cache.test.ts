import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { availabilityAt, HOLDS_TTL_MS, invalidateAvailability } from "./availability-cache.ts";
import { bitAt, placeIndexOf } from "./place-states.ts";

const api = setUpApiTests();

const takenOf = async (owner: { db: Database }, placeId: number, now: Date) => {
  const snapshot = await availabilityAt(owner, api.fx.performances.main.id, now);
  if (!snapshot) throw new Error("no snapshot");
  return bitAt(snapshot.bits, placeIndexOf(snapshot.layout, placeId));
};

describe("availability cache", () => {
  it("answers from memory until invalidated, then reads again", async () => {
    const { db, fx, t } = api;
    const owner = { db };
    const now = t.clock.now();
    const seat = fx.seatIds[0];
    expect(await takenOf(owner, seat, now)).toBe(false);
    await db.execute(sql`UPDATE positions SET sold = true WHERE id = ${seat}`);
    // Not this owner's write: still the cached state, within the TTL.
    expect(await takenOf(owner, seat, now)).toBe(false);
    invalidateAvailability(owner);
    expect(await takenOf(owner, seat, now)).toBe(true);
    // Another owner (another API instance) has a cache of its own.
    const other = { db };
    await db.execute(sql`UPDATE positions SET sold = false WHERE id = ${seat}`);
    expect(await takenOf(other, seat, now)).toBe(false);
    expect(await takenOf(owner, seat, now)).toBe(true);
    expect(await takenOf(owner, seat, new Date(now.getTime() + HOLDS_TTL_MS))).toBe(false);
  });

  it("never keeps a read that was under way when a change was committed", async () => {
    const { db, fx, t } = api;
    const slow = slowReads(db);
    const owner = { db: slow.db };
    const now = t.clock.now();
    const seat = fx.seatIds[1];
    await takenOf(owner, seat, now);
    invalidateAvailability(owner);
    // A read of the holds runs (seeing the seat free) but its answer is held back; meanwhile
    // a change commits and invalidates; then the answer arrives.
    const release = slow.holdBackNextAnswer();
    const during = takenOf(owner, seat, now);
    await release.queryRan;
    await db.execute(sql`UPDATE positions SET sold = true WHERE id = ${seat}`);
    invalidateAvailability(owner);
    release.deliver();
    expect(await during).toBe(false);
    expect(await takenOf(owner, seat, now)).toBe(true);
  });

  it("forgets unknown performances, and gives equal states equal versions across instances", async () => {
    const { db, fx, t } = api;
    const now = t.clock.now();
    expect(await availabilityAt({ db }, 999_999, now)).toBeNull();
    const [one, two] = await Promise.all([
      availabilityAt({ db }, fx.performances.main.id, now),
      availabilityAt({ db }, fx.performances.main.id, now),
    ]);
    expect(one?.version).toBe(two?.version);
    expect(one?.layout.ids.length).toBe(fx.generalPlaces + fx.seatIds.length);
  });
});

/**
 * The database, with a switch to hold back the answer of the next select (it runs at once,
 * its rows are delivered when the test says), to put a change between a read and its answer.
 */
function slowReads(db: Database) {
  let pending: { ran: () => void; delivered: Promise<void> } | null = null;
  const wrap = (target: object): unknown =>
    new Proxy(target, {
      get(object, key) {
        const value = Reflect.get(object, key);
        if (typeof value !== "function") return value;
        if (key === "then") {
          const held = pending;
          pending = null;
          if (!held) return value.bind(object);
          return (onValue: (rows: unknown) => unknown, onError: (error: unknown) => unknown) =>
            value.call(
              object,
              (rows: unknown) => {
                held.ran();
                return held.delivered.then(() => onValue(rows));
              },
              onError,
            );
        }
        return (...args: unknown[]) => {
          const result = value.apply(object, args);
          return result !== null && typeof result === "object" ? wrap(result) : result;
        };
      },
    });
  return {
    db: new Proxy(db, {
      get(object, key) {
        const value = Reflect.get(object, key);
        if (key !== "select" || typeof value !== "function") return value;
        return (...args: unknown[]) => wrap(value.apply(object, args));
      },
    }) as Database,
    holdBackNextAnswer() {
      let ran = () => {};
      let deliver = () => {};
      const queryRan = new Promise<void>((resolve) => {
        ran = resolve;
      });
      const delivered = new Promise<void>((resolve) => {
        deliver = resolve;
      });
      pending = { ran, delivered };
      return { queryRan, deliver };
    },
  };
}
