// Group holds under concurrency. Always on PGlite; also on a real PostgreSQL server (a pool
// of 10 connections, so the transactions truly overlap) when TEST_DATABASE_URL is set.
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { groupHoldResponse, purchaseProcessSchema } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { positions, purchaseProcesses } from "../db/schema.ts";
import { areSideBySide, bestAvailable, type CandidateSeat } from "../purchase/best-available.ts";
import { BEST_AVAILABLE_LOCK, candidateSeats } from "../purchase/group-holds.ts";
import { useRaceDatabase } from "../testing/api-test.ts";
import { addNumberedSector, separatedWhileAdjacentLeft } from "../testing/group-holds.ts";
import {
  buildFixture,
  createCustomersWithTokens,
  createTestApi,
  type Fixture,
  raceBackends,
  resetDatabase,
  type TestApi,
} from "../testing/harness.ts";

const BUYERS = 24;
const GROUP = 4;
// Two rows of 18 seats: groups of 4 side by side while they last, then separate seats.
const SEATS_PER_ROW = 18;

const backends = raceBackends();

describe.each(backends)("group-hold races on $name", (backend) => {
  const database = useRaceDatabase(backend);
  let db: Database;
  let t: TestApi;
  let fx: Fixture;
  let tokens: string[];

  beforeEach(async () => {
    db = database().db;
    await resetDatabase(db);
    t = createTestApi(db);
    fx = await buildFixture(db, t.clock, { seatsPerRow: SEATS_PER_ROW });
    tokens = await createCustomersWithTokens(db, t.clock, BUYERS);
  });

  const stalls = () => fx.sectors.numbered.id;
  const seatsOf = (sectorId: number) =>
    candidateSeats(db, fx.performances.main.id, [sectorId], t.clock.now());

  const takeGroup = (token: string, body: Record<string, unknown>, processId = 0) =>
    t.call(`/Proceso/${processId}/Posiciones/TomarGrupo`, {
      token,
      body: { idFuncion: fx.performances.main.id, ...body },
    });

  /** Who holds what now: place → process. */
  async function holders() {
    const rows = await db
      .select({ id: positions.id, by: positions.heldByProcessId })
      .from(positions)
      .where(isNotNull(positions.heldByProcessId));
    return new Map(rows.map((r) => [r.id, r.by as number]));
  }

  /** The groups of the answers that won, checked against the database. */
  async function winningGroups(answers: Array<Awaited<ReturnType<typeof takeGroup>>>) {
    const held = await holders();
    const groups: number[][] = [];
    for (const { status, json } of answers) {
      expect(status).toBe(200);
      if (json.nCode !== 200) {
        expect(json.oData.cCodigo).toBe("NOT_ENOUGH_PLACES");
        continue;
      }
      const won = groupHoldResponse.parse(json.oData);
      for (const id of won.listaTomadas) expect(held.get(id)).toBe(won.idProcesoDeCompra);
      groups.push(won.listaTomadas);
    }
    const all = groups.flat();
    expect(new Set(all).size).toBe(all.length);
    return groups;
  }

  /** The groups one buyer after another would get: the same, as choosing is serialized. */
  function servedOneByOne(seats: CandidateSeat[], count: number) {
    let now = seats;
    const groups: number[][] = [];
    for (let i = 0; i < count; i++) {
      const best = bestAvailable({ seats: now, focus: fx.hall.hall.stage.focus, quantity: GROUP });
      if (!best) break;
      groups.push(best.ids);
      const taken = new Set(best.ids);
      now = now.map((s) => (taken.has(s.id) ? { ...s, free: false } : s));
    }
    return groups;
  }

  const sortedGroups = (groups: number[][]) =>
    groups.map((g) => [...g].sort((a, b) => a - b).join(",")).sort();

  it(`${BUYERS} buyers asking for the ${GROUP} best seats at once: none given twice, side by side while possible`, async () => {
    const before = await seatsOf(stalls());
    const answers = await Promise.all(
      tokens.map((token) => takeGroup(token, { idSector: stalls(), nCantidad: GROUP })),
    );
    const groups = await winningGroups(answers);
    // 36 seats: 9 buyers get 4; the rest find too few.
    expect(groups).toHaveLength((2 * SEATS_PER_ROW) / GROUP);
    expect(separatedWhileAdjacentLeft(before, groups, GROUP)).toBe(0);
    // Serialized choosing: exactly the groups of buyers served one at a time.
    expect(sortedGroups(groups)).toEqual(sortedGroups(servedOneByOne(before, BUYERS)));
    for (const { json } of answers.filter((a) => a.json.nCode === 200)) {
      expect(json.oData.lContiguas).toBe(areSideBySide(before, json.oData.listaTomadas));
    }
    // Losers leave no process behind.
    expect(await db.select().from(purchaseProcesses)).toHaveLength(groups.length);
  });

  it("group holds racing buyers of given seats: all or nothing, never a seat twice", async () => {
    const before = await seatsOf(stalls());
    // Half the buyers take two given seats in the middle of the rows, where groups go first.
    const middle = (row: number, offset: number) =>
      fx.seatIds[row * SEATS_PER_ROW + SEATS_PER_ROW / 2 - 2 + offset];
    const answers = await Promise.all(
      tokens.map((token, i) =>
        i % 2 === 0
          ? takeGroup(token, { idSector: stalls(), nCantidad: GROUP })
          : t.call("/Proceso/0/Posiciones/Tomar", {
              token,
              body: {
                idFuncion: fx.performances.main.id,
                listaPosiciones: [
                  middle(i % 4 === 1 ? 0 : 1, i % 3),
                  middle(i % 4 === 1 ? 0 : 1, 3),
                ],
              },
            }),
      ),
    );
    const held = await holders();
    const taken: number[] = [];
    for (const [i, { status, json }] of answers.entries()) {
      expect(status).toBe(200);
      if (json.nCode !== 200) {
        expect(json.oData.cCodigo).toBe(i % 2 === 0 ? "NOT_ENOUGH_PLACES" : "SEAT_TAKEN");
        continue;
      }
      const process = purchaseProcessSchema.parse(json.oData);
      const ids = process.listaFuncion[0].listaPosiciones.map((p) => p.idPosicion);
      expect(ids).toHaveLength(i % 2 === 0 ? GROUP : 2);
      for (const id of ids) expect(held.get(id)).toBe(process.idProcesoDeCompra);
      taken.push(...ids);
    }
    expect(new Set(taken).size).toBe(taken.length);
    expect(held.size).toBe(taken.length);
    expect(taken.every((id) => before.some((s) => s.id === id))).toBe(true);
  });

  it("a change of sector racing group holds in the new sector: all or nothing each", async () => {
    const pullman = await addNumberedSector(
      db,
      { hallId: fx.hall.hall.id, performanceId: fx.performances.main.id },
      { code: "pullman", name: "Pullman", rows: 1, seatsPerRow: 10, top: 260 },
    );
    const movers = tokens.slice(0, 6);
    const takers = tokens.slice(6, 12);
    const origin = new Map<string, { processId: number; ids: number[] }>();
    for (const token of movers) {
      const won = groupHoldResponse.parse(
        (await takeGroup(token, { idSector: stalls(), nCantidad: 2 })).json.oData,
      );
      origin.set(token, { processId: won.idProcesoDeCompra, ids: won.listaTomadas });
    }
    const answers = await Promise.all([
      ...movers.map((token) =>
        t.call(`/Proceso/${origin.get(token)?.processId}/Posiciones/CambiarParaSector`, {
          token,
          body: { idFuncion: fx.performances.main.id, idSector: pullman.sectorId },
        }),
      ),
      ...takers.map((token) => takeGroup(token, { idSector: pullman.sectorId, nCantidad: 2 })),
    ]);
    const held = await holders();
    const inPullman: number[] = [];
    for (const [i, { status, json }] of answers.entries()) {
      expect(status).toBe(200);
      const mover = i < movers.length ? origin.get(movers[i]) : undefined;
      if (json.nCode !== 200) {
        expect(json.oData.cCodigo).toBe("NOT_ENOUGH_PLACES");
        // A refused move keeps what it had.
        if (mover) for (const id of mover.ids) expect(held.get(id)).toBe(mover.processId);
        continue;
      }
      const won = groupHoldResponse.parse(json.oData);
      expect(won.listaTomadas).toHaveLength(2);
      expect(won.listaTomadas.every((id) => pullman.placeIds.includes(id))).toBe(true);
      for (const id of won.listaTomadas) expect(held.get(id)).toBe(won.idProcesoDeCompra);
      if (mover) for (const id of mover.ids) expect(held.has(id)).toBe(false);
      inPullman.push(...won.listaTomadas);
    }
    expect(new Set(inPullman).size).toBe(inPullman.length);
    // Ten seats, pairs: five winners in all.
    expect(inPullman).toHaveLength(10);
    expect(pullman.placeIds.filter((id) => held.has(id))).toHaveLength(10);
  });

  it("whole-hall and one-sector buyers at once: the locks are taken in one order, nobody waits forever", async () => {
    const pullman = await addNumberedSector(
      db,
      { hallId: fx.hall.hall.id, performanceId: fx.performances.main.id },
      { code: "pullman", name: "Pullman", rows: 2, seatsPerRow: 10, top: 260 },
    );
    const answers = await Promise.all(
      tokens.map((token, i) =>
        takeGroup(
          token,
          i % 3 === 0
            ? { nCantidad: GROUP }
            : { idSector: i % 3 === 1 ? pullman.sectorId : stalls(), nCantidad: GROUP },
        ),
      ),
    );
    const groups = await winningGroups(answers);
    expect((await holders()).size).toBe(groups.flat().length);
    // Free places only run out: a buyer refused while its sector (or the hall) still has 4
    // free at the end was refused wrongly.
    const freeIn = async (sectorId: number) =>
      (await seatsOf(sectorId)).filter((s) => s.free).length;
    const free = { stalls: await freeIn(stalls()), pullman: await freeIn(pullman.sectorId) };
    for (const [i, { json }] of answers.entries()) {
      if (json.nCode === 200) continue;
      const left =
        i % 3 === 0 ? free.stalls + free.pullman : i % 3 === 1 ? free.pullman : free.stalls;
      expect(left).toBeLessThan(GROUP);
    }
    expect(groups.length).toBeGreaterThan(0);
  });

  it("giving a group back racing others asking for it: every seat held once or free", async () => {
    // The sector is full but for alice's group of 4 in row A.
    const [alice, ...others] = tokens.slice(0, 8);
    const mine = groupHoldResponse.parse(
      (await takeGroup(alice, { idSector: stalls(), nCantidad: GROUP })).json.oData,
    );
    const rest = fx.seatIds.filter((id) => !mine.listaTomadas.includes(id));
    await db
      .update(positions)
      .set({ sold: true })
      .where(and(eq(positions.sectorId, stalls())))
      .returning();
    await db
      .update(positions)
      .set({ sold: false })
      .where(eq(positions.heldByProcessId, mine.idProcesoDeCompra));
    expect(rest).toHaveLength(2 * SEATS_PER_ROW - GROUP);
    const answers = await Promise.all([
      t.call(`/Proceso/${mine.idProcesoDeCompra}/Posiciones/SoltarGrupo`, {
        token: alice,
        body: { idFuncion: fx.performances.main.id },
      }),
      // Alice's own process asks for more at the same moment.
      takeGroup(alice, { idSector: stalls(), nCantidad: 1 }, mine.idProcesoDeCompra),
      ...others.map((token) => takeGroup(token, { idSector: stalls(), nCantidad: GROUP })),
    ]);
    const [released, own, ...taken] = answers;
    expect(released.json.nCode).toBe(200);
    expect(own.status).toBe(200);
    const held = await holders();
    const winners = taken.filter((a) => a.json.nCode === 200);
    expect(winners.length).toBeLessThanOrEqual(1);
    for (const { json } of taken.filter((a) => a.json.nCode !== 200)) {
      expect(json.oData.cCodigo).toBe("NOT_ENOUGH_PLACES");
    }
    const [process] = await db
      .select()
      .from(purchaseProcesses)
      .where(eq(purchaseProcesses.id, mine.idProcesoDeCompra));
    const alicesNow = [...held].filter(([, by]) => by === mine.idProcesoDeCompra).map(([id]) => id);
    // Either her extra seat came after the release (the process then ended: refused), or
    // before it (then released with the rest): both leave her nothing.
    expect(alicesNow).toEqual([]);
    expect(process.status).toBe("CANCELLED");
    expect(["PROCESS_CANCELLED", "NOT_ENOUGH_PLACES", undefined]).toContain(
      own.json.oData?.cCodigo,
    );
    const winnerIds = winners.flatMap((w) => w.json.oData.listaTomadas as number[]);
    expect(new Set(winnerIds).size).toBe(winnerIds.length);
    expect(held.size).toBe(winnerIds.length);
  });

  // Only a server with several connections can show one buyer waiting for another's lock.
  it.runIf(backend.name === "PostgreSQL")(
    "choosing waits for the sector's lock, then sees what the holder of the lock took",
    async () => {
      const before = await seatsOf(stalls());
      const [firstBest] = servedOneByOne(before, 1);
      let answer: ReturnType<typeof takeGroup> | undefined;
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${BEST_AVAILABLE_LOCK}, ${stalls()})`);
        answer = takeGroup(tokens[0], { idSector: stalls(), nCantidad: GROUP });
        // Until the call is seen waiting for the lock (the test's timeout ends it otherwise).
        for (;;) {
          const waiting = await db.execute(
            sql`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
                AND classid = ${BEST_AVAILABLE_LOCK} AND objid = ${stalls()}`,
          );
          if ((waiting as unknown as { rows: unknown[] }).rows.length > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        // Meanwhile the lock's holder takes the best group.
        await tx.update(positions).set({ sold: true }).where(inArray(positions.id, firstBest));
      });
      const won = groupHoldResponse.parse((await answer)?.json.oData);
      const taken = new Set(firstBest);
      const [next] = servedOneByOne(
        before.map((s) => (taken.has(s.id) ? { ...s, free: false } : s)),
        1,
      );
      expect(won.listaTomadas).toEqual(next);
    },
  );

  it.runIf(backend.name === "PostgreSQL")(
    "a chosen seat that another transaction has locked is given up and the group chosen again",
    async () => {
      const before = await seatsOf(stalls());
      const [firstBest] = servedOneByOne(before, 1);
      let answer: Awaited<ReturnType<typeof takeGroup>> | undefined;
      await db.transaction(async (tx) => {
        // As a Tomar of that seat would, mid-way: the row is locked, not yet changed.
        await tx.select().from(positions).where(eq(positions.id, firstBest[1])).for("update");
        answer = await takeGroup(tokens[0], { idSector: stalls(), nCantidad: GROUP });
      });
      const won = groupHoldResponse.parse(answer?.json.oData);
      const [next] = servedOneByOne(
        before.map((s) => (s.id === firstBest[1] ? { ...s, free: false } : s)),
        1,
      );
      expect(won.listaTomadas).toEqual(next);
      expect(won.listaTomadas).not.toContain(firstBest[1]);
      // What the first try held of the lost group was given back.
      const held = await holders();
      expect([...held.keys()].sort((a, b) => a - b)).toEqual([...next].sort((a, b) => a - b));
    },
  );
});
