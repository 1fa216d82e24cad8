// A production shop started without its keys runs on the ones it made (decision 0059): at its
// door, a code anyone can compute with the development keys published in the source (the
// Ed25519 one or the old HMAC one) is refused, and the ticket's real code is let in.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { commerceSettingsFromEnv } from "../config.ts";
import { doorCheckResponse } from "../contract/index.ts";
import { customers, staffRoles, tickets } from "../db/schema.ts";
import { DEVELOPMENT_TICKET_SECRET, developmentSigningKeys } from "../installation-secrets.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { readyToPay, testCard } from "../testing/harness.ts";
import { signTicketCode } from "../tickets/code.ts";
import { signLegacyTicketCode } from "../tickets/legacy-code.ts";

const folder = mkdtempSync(join(tmpdir(), "door-installation-key-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
// As `npm start` reads them: production, no secret set, one node.
const settings = commerceSettingsFromEnv("embedded", {
  NODE_ENV: "production",
  DATA_DIR: folder,
  PGLITE_DIR: "memory://",
});

const api = setUpApiTests({
  customers: ["porter", "alice"],
  api: () => ({ ticketSigningKey: settings.ticketSigningKey, ticketSecret: settings.ticketSecret }),
});

beforeEach(async () => {
  const [porter] = await api.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, "porter@example.com"));
  await api.db.insert(staffRoles).values({ customerId: porter.id, role: "DOOR_STAFF" });
});

async function aliceBuysOne() {
  const { t, fx, tokens } = api;
  const processId = await readyToPay(t, tokens.alice, {
    idFuncion: fx.performances.main.id,
    listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
  });
  const paid = await t.call(`/Proceso/${processId}/Cobrar`, {
    token: tokens.alice,
    body: { cClaveIdempotencia: `installation-key-${processId}`, nCuotas: 1, oTarjeta: testCard() },
  });
  expect(paid.json.oData?.cEstado, JSON.stringify(paid.json)).toBe("APROBADO");
  const [ticket] = await api.db
    .select()
    .from(tickets)
    .where(eq(tickets.orderId, paid.json.oData.idPedido as number));
  return ticket;
}

async function verdict(code: string) {
  const { status, json } = await api.t.call("/Acceso/Validar", {
    token: api.tokens.porter,
    body: { cCodigo: code, cEntrada: "North gate" },
  });
  expect(status, JSON.stringify(json)).toBe(200);
  return doorCheckResponse.parse(json.oData).cResultado;
}

describe("the door of a production shop on the keys it made", () => {
  it("refuses codes computed with the published development keys, and admits the real one", async () => {
    const ticket = await aliceBuysOne();
    const forged = signTicketCode(developmentSigningKeys().ticket, {
      ticketId: ticket.id,
      performanceId: api.fx.performances.main.id,
    });
    expect(await verdict(forged)).toBe("INVALID");
    expect(await verdict(signLegacyTicketCode(DEVELOPMENT_TICKET_SECRET, ticket.id))).toBe(
      "INVALID",
    );
    expect(await verdict(ticket.code)).toBe("ADMITTED");
  });
});
