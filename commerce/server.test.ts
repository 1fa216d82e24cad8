// The standalone API as real processes on one embedded data folder: a second server on the
// folder refuses to start (and the first keeps every write), a killed server's lock is taken
// over, a damaged folder stops the start without being replaced, and a server killed while
// a card is being charged leaves a payment that the next start settles or refunds once.
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCK_FILE, lockOwner } from "./db/data-folder.ts";
import { orders, payments } from "./db/schema.ts";
import { SandboxAcquirer } from "./payments/sandbox/sandbox.ts";
import { openDataFolder, readyToPay, signUpBody, testCard } from "./testing/harness.ts";
import { fillShopFolder, listening, serverProcessesOfTests } from "./testing/server-process.ts";

const servers = serverProcessesOfTests("commerce-server-test-");

/** A data folder with a migrated database (a first start would spend seconds on initdb). */
async function dataFolder() {
  const folder = servers.newFolder();
  await (await openDataFolder(folder)).close();
  return folder;
}

// Each test starts two or three servers, on two shared cores.
const slow = { timeout: 300_000 };

const start = (dataDir: string, env: Record<string, string> = {}) =>
  servers.start({ DATA_DIR: dataDir, ...env });

/** Every file under the folder with its size and modification time. */
function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const stat = statSync(path);
        files[path.slice(folder.length)] = `${stat.size}@${stat.mtimeMs}`;
      }
    }
  };
  walk(folder);
  return files;
}

describe("one server per data folder", () => {
  it(
    "refuses a second server on the folder while the first runs, and keeps the first's writes",
    slow,
    async () => {
      const folder = await dataFolder();
      const first = await listening(start(folder));
      expect(lockOwner(folder)).toBe(first.pid);

      const second = start(folder);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain("commerce API cannot start");
      expect(second.output()).toContain(`is in use by another server (process ${first.pid})`);
      expect(second.output()).not.toContain("listening");

      // The first one still serves, and what it acknowledged survives its stop.
      const signedUp = await first.call("/Cliente/Insertar", { body: signUpBody() });
      expect(signedUp.json.nCode).toBe(200);
      const token = signedUp.json.oData.token as string;
      expect(await first.stop("SIGTERM")).toBe(0);
      expect(readdirSync(folder)).not.toContain(LOCK_FILE);

      const third = await listening(start(folder));
      const info = await third.call("/Cliente/Informacion", { token });
      expect(info.json).toMatchObject({ nCode: 200, oData: { cNombre: "Ana" } });
    },
  );

  it("takes over the lock of a killed server", slow, async () => {
    const folder = await dataFolder();
    const killed = await listening(start(folder));
    expect(await killed.stop("SIGKILL")).toBe("SIGKILL");
    expect(lockOwner(folder)).toBe(killed.pid);

    const next = await listening(start(folder));
    expect(lockOwner(folder)).toBe(next.pid);
    expect((await next.call("/Cliente/Insertar", { body: signUpBody() })).json.nCode).toBe(200);
  });
});

describe("a damaged data folder", () => {
  it(
    "stops the start with a clear message and is never replaced by a new database",
    slow,
    async () => {
      const folder = await dataFolder();
      const first = await listening(start(folder));
      expect((await first.call("/Cliente/Insertar", { body: signUpBody() })).json.nCode).toBe(200);
      await first.stop("SIGTERM");

      rmSync(join(folder, "PG_VERSION"));
      const before = snapshot(folder);
      const next = start(folder);
      expect(await next.exited).toBe(1);
      expect(next.output()).toContain(
        `The database folder ${folder} is not empty but holds no database`,
      );
      expect(snapshot(folder)).toEqual(before);
    },
  );

  it(
    "stops the start when PGlite cannot open the folder, and leaves it as it is",
    slow,
    async () => {
      const folder = await dataFolder();
      await (await listening(start(folder))).stop("SIGTERM");

      rmSync(join(folder, "global", "pg_control"));
      const before = snapshot(folder);
      const next = start(folder);
      expect(await next.exited).toBe(1);
      expect(next.output()).toContain(`The database in ${folder} could not be opened`);
      // PGlite may leave its own postmaster.pid behind; nothing of the database changed.
      const after = snapshot(folder);
      delete after["/postmaster.pid"];
      expect(after).toEqual(before);
      expect(readdirSync(folder)).not.toContain(LOCK_FILE);
    },
  );
});

describe("a server killed while a card is being charged", () => {
  /** A folder with the test catalog (performances days from now) and a customer. */
  async function shopFolder() {
    const folder = await dataFolder();
    return { folder, ...(await fillShopFolder(folder)) };
  }

  type Shop = Awaited<ReturnType<typeof shopFolder>>;

  /**
   * Starts a server whose acquirer decides at once but holds its answer, pays two places,
   * and kills the server once the card is charged: the payment stays PENDING.
   */
  async function killWhilePaying({ folder, fx, token }: Shop) {
    const server = await listening(start(folder, { SANDBOX_ANSWER_DELAY_MS: "600000" }));
    const processId = await readyToPay(server, token, {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 2 }],
    });
    const paying = server
      .call(`/Proceso/${processId}/Cobrar`, {
        token,
        body: { cClaveIdempotencia: "crash-key-0001", nCuotas: 1, oTarjeta: testCard() },
      })
      .catch(() => "no answer");
    await server.waitForOutput(/sandbox acquirer: charge decided \(APPROVED\)/);
    expect(await server.stop("SIGKILL")).toBe("SIGKILL");
    expect(await paying).toBe("no answer");
    return processId;
  }

  /** What the folder holds once no server runs: the shop's payments and the acquirer's ledger. */
  async function ledger(folder: string) {
    const handle = await openDataFolder(folder);
    try {
      return {
        payments: await handle.db.select().from(payments),
        orders: await handle.db.select().from(orders),
        charges: await new SandboxAcquirer({ db: handle.db }).charges(),
      };
    } finally {
      await handle.close();
    }
  }

  it("is settled once by the next start", slow, async () => {
    const shop = await shopFolder();
    const processId = await killWhilePaying(shop);

    const restarted = await listening(start(shop.folder, { PAYMENT_RECONCILE_GRACE_SECONDS: "0" }));
    expect(restarted.output()).toContain("payments reconciled: 1 settled, 0 refunded");
    const view = await restarted.call(`/Proceso/${processId}`, { token: shop.token });
    expect(view.json.oData).toMatchObject({ cEstado: "PAID", idPedido: expect.any(Number) });
    // The buyer's own retry (same key) answers that order.
    const retry = await restarted.call(`/Proceso/${processId}/Cobrar`, {
      token: shop.token,
      body: { cClaveIdempotencia: "crash-key-0001", nCuotas: 1, oTarjeta: testCard() },
    });
    expect(retry.json.oData).toMatchObject({ idPedido: view.json.oData.idPedido });
    expect(await restarted.stop("SIGTERM")).toBe(0);

    const after = await ledger(shop.folder);
    expect(after.charges).toEqual([expect.objectContaining({ refunded: false })]);
    expect(after.payments.map((p) => p.status)).toEqual(["APPROVED"]);
    expect(after.orders).toHaveLength(1);
  });

  it("is not paid twice by a retry with a new key (a reload) after the restart", slow, async () => {
    const shop = await shopFolder();
    const processId = await killWhilePaying(shop);

    // A long grace period: the start leaves the payment alone, the retry meets it.
    const restarted = await listening(
      start(shop.folder, { PAYMENT_RECONCILE_GRACE_SECONDS: "3600" }),
    );
    const retry = await restarted.call(`/Proceso/${processId}/Cobrar`, {
      token: shop.token,
      body: { cClaveIdempotencia: "reload-key-0002", nCuotas: 1, oTarjeta: testCard() },
    });
    expect(retry.json).toMatchObject({ nCode: 200, oData: { idProcesoDeCompra: processId } });
    expect(await restarted.stop("SIGTERM")).toBe(0);

    const after = await ledger(shop.folder);
    expect(after.charges).toEqual([
      expect.objectContaining({ idempotencyKey: "crash-key-0001", refunded: false }),
    ]);
    expect(after.payments.map((p) => p.status)).toEqual(["APPROVED"]);
    expect(after.orders).toHaveLength(1);
  });

  it(
    "is refunded once by a later start when the places were given up meanwhile",
    slow,
    async () => {
      const shop = await shopFolder();
      await killWhilePaying(shop);

      const restarted = await listening(
        start(shop.folder, { PAYMENT_RECONCILE_GRACE_SECONDS: "3600" }),
      );
      // The buyer starts over: the open purchase and its places are given up.
      const again = await restarted.call("/Proceso/0/Posiciones/Tomar", {
        token: shop.token,
        body: { idFuncion: shop.fx.performances.main.id, listaPosiciones: [shop.fx.seatIds[0]] },
      });
      expect(again.json.nCode).toBe(200);
      expect(await restarted.stop("SIGTERM")).toBe(0);

      const later = await listening(start(shop.folder, { PAYMENT_RECONCILE_GRACE_SECONDS: "0" }));
      expect(later.output()).toContain("payments reconciled: 0 settled, 1 refunded");
      expect(await later.stop("SIGTERM")).toBe(0);

      const after = await ledger(shop.folder);
      expect(after.charges).toEqual([expect.objectContaining({ refunded: true })]);
      expect(after.payments).toEqual([
        expect.objectContaining({ status: "REFUNDED", declineReason: "PROCESS_CANCELLED" }),
      ]);
      expect(after.orders).toEqual([]);
    },
  );
});
