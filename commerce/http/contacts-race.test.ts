// One customer changing their phones and addresses from many requests at once (several tabs,
// a script): whatever the interleaving, each book ends with exactly one default, and no
// request fails with a 500. Always on PGlite; also on a real PostgreSQL server (a pool, so
// the transactions truly overlap) when TEST_DATABASE_URL is set, as in race.test.ts.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { customerAddresses, customerPhones } from "../db/schema.ts";
import {
  createCustomerWithToken,
  createTestApi,
  raceBackends,
  resetDatabase,
  type TestApi,
} from "../testing/harness.ts";

const backends = raceBackends();

/** A database error of the unique index named (drizzle wraps the driver's error). */
const violates = (index: string) => (error: unknown) => {
  const cause = (error as { cause?: { constraint?: string; code?: string } }).cause;
  return cause?.code === "23505" && cause.constraint === index;
};

const address = (n: number) => ({
  cTipo: "PARTICULAR",
  cCalle: `Calle ${n}`,
  cNumero: String(100 + n),
  cPais: "AR",
  cProvincia: "AR-B",
  cLocalidad: "La Plata",
  cCodigoPostal: "1900",
});

describe.each(backends)("contact races on $name", ({ open, shared }) => {
  let handle: DatabaseHandle;
  let t: TestApi;
  let token: string;
  let customerId: number;

  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    if (!shared) await handle?.close();
  });
  beforeEach(async () => {
    await resetDatabase(handle.db);
    t = createTestApi(handle.db);
    ({ token, customerId } = await createCustomerWithToken(handle.db, t.clock, "racer"));
  });

  const defaults = async (table: typeof customerPhones | typeof customerAddresses) =>
    handle.db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.customerId, customerId), eq(table.isDefault, true)));

  const statuses = (answers: Array<{ status: number; json: { nCode: number } }>) =>
    answers.map((a) => `${a.status}/${a.json.nCode}`);

  it("the schema itself refuses a second default, whatever the code does", async () => {
    const row = { customerId, kind: "MOVIL", number: "1100000001", isDefault: true };
    await handle.db.insert(customerPhones).values(row);
    await expect(
      handle.db.insert(customerPhones).values({ ...row, number: "1100000002" }),
    ).rejects.toSatisfy(violates("customer_phones_one_default"));
    await handle.db
      .insert(customerPhones)
      .values({ ...row, number: "1100000003", isDefault: false });
    const address = {
      customerId,
      kind: "PARTICULAR",
      street: "Calle",
      streetNumber: "1",
      country: "AR",
      province: "AR-B",
      location: "La Plata",
      zip: "1900",
      isDefault: true,
    };
    await handle.db.insert(customerAddresses).values(address);
    await expect(
      handle.db.insert(customerAddresses).values({ ...address, street: "Otra" }),
    ).rejects.toSatisfy(violates("customer_addresses_one_default"));
    expect(await defaults(customerPhones)).toHaveLength(1);
    expect(await defaults(customerAddresses)).toHaveLength(1);
  });

  it("many first phones at once: one of them is the default", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.call("/Cliente/Telefono/Insertar", {
          token,
          body: { cTipo: "MOVIL", cNumero: `11 4000 00${10 + i}` },
        }),
      ),
    );
    expect(statuses(answers)).toEqual(Array(8).fill("200/200"));
    expect(answers.filter((a) => a.json.oData.lPredeterminado)).toHaveLength(1);
    expect(await defaults(customerPhones)).toHaveLength(1);
  });

  it("the same phone sent many times at once is stored once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call("/Cliente/Telefono/Insertar", {
          token,
          body: { cTipo: "MOVIL", cNumero: "11 4000 0077" },
        }),
      ),
    );
    expect(statuses(answers)).toEqual(Array(8).fill("200/200"));
    expect(new Set(answers.map((a) => a.json.oData.idClienteTelefono)).size).toBe(1);
    const stored = await handle.db
      .select()
      .from(customerPhones)
      .where(eq(customerPhones.customerId, customerId));
    expect(stored).toHaveLength(1);
    expect(stored[0].isDefault).toBe(true);
  });

  it("make-default, insert and delete of phones at once end with exactly one default", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { json } = await t.call("/Cliente/Telefono/Insertar", {
        token,
        body: { cTipo: "PERMANENTE", cNumero: `11 4100 00${10 + i}` },
      });
      ids.push(json.oData.idClienteTelefono);
    }
    const answers = await Promise.all([
      ...ids.map((id) =>
        t.call(`/Cliente/Telefono/${id}/Modificar`, { token, body: { lPredeterminado: true } }),
      ),
      // The first default, and two others, deleted while the default moves around.
      ...[ids[0], ids[2], ids[4]].map((id) =>
        t.call(`/Cliente/Telefono/${id}/Eliminar`, { token, method: "POST" }),
      ),
      ...[1, 2, 3].map((i) =>
        t.call("/Cliente/Telefono/Insertar", {
          token,
          body: { cTipo: "MOVIL", cNumero: `15 5000 00${10 + i}`, lPredeterminado: i !== 2 },
        }),
      ),
    ]);
    // A make-default that ran after its phone was deleted finds it gone: 404, nothing else.
    for (const answer of answers) expect([200, 404]).toContain(answer.status);
    expect(answers.filter((a) => a.status === 404).length).toBeLessThanOrEqual(3);
    const left = await handle.db
      .select()
      .from(customerPhones)
      .where(eq(customerPhones.customerId, customerId));
    expect(left).toHaveLength(6);
    expect(left.filter((p) => p.isDefault)).toHaveLength(1);
  });

  it("make-default, insert and delete of addresses at once end with exactly one default", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { json } = await t.call("/Cliente/Domicilio/Insertar", { token, body: address(i) });
      ids.push(json.oData.idClienteDomicilio);
    }
    const answers = await Promise.all([
      ...ids.map((id) =>
        t.call(`/Cliente/Domicilio/${id}/Modificar`, {
          token,
          body: { lPredeterminado: true },
        }),
      ),
      ...[ids[0], ids[3]].map((id) =>
        t.call(`/Cliente/Domicilio/${id}/Eliminar`, { token, method: "POST" }),
      ),
      ...[10, 11].map((n) =>
        t.call("/Cliente/Domicilio/Insertar", {
          token,
          body: { ...address(n), lPredeterminado: true },
        }),
      ),
    ]);
    for (const answer of answers) expect([200, 404]).toContain(answer.status);
    expect(await defaults(customerAddresses)).toHaveLength(1);
    // Every default deleted in turn: each time one of the rest takes over, until none is left.
    const all = await handle.db
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, customerId));
    expect(all).toHaveLength(5);
    const deletes = await Promise.all(
      all.map(({ id }) => t.call(`/Cliente/Domicilio/${id}/Eliminar`, { token, method: "POST" })),
    );
    expect(statuses(deletes)).toEqual(Array(5).fill("200/200"));
    expect(await defaults(customerAddresses)).toHaveLength(0);
  });
});
