// Every mail the shop sends (the password recovery, the order confirmation, the payment
// link), as the outbox writes it on disk, read by a mail parser nobody here wrote
// (postal-mime), and byte by byte: RFC 5322 ends every line with CRLF, so no LF may stand
// alone anywhere in the file, in the headers, the text parts or between the parts.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PostalMime from "postal-mime";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chargeResponse, purchaseProcessSchema } from "../contract/index.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { grantStaffRole, readyToPay, testCard } from "../testing/harness.ts";
import { OutboxMailer, outboxFiles } from "./outbox.ts";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "eml-files-test-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const from = "Entradas de la Ciudad <no-reply@shop.example>";
const api = setUpApiTests({
  customers: ["alice", "clerk"],
  // The mailer the shop runs with by default: .eml files in a folder.
  api: () => ({ mailer: new OutboxMailer(folder, from) }),
});

/** The one file the outbox holds once the mail sent after the answer has been written. */
async function theOnlyFile(): Promise<Buffer> {
  await vi.waitFor(async () => expect(await outboxFiles(folder)).toHaveLength(1), {
    timeout: 10_000,
  });
  const [file] = await outboxFiles(folder);
  return file.eml;
}

/** Line ends as RFC 5322 wants them: every LF after a CR, every CR before an LF. */
function expectCrlfOnly(eml: Buffer) {
  const bytes = eml.toString("latin1");
  expect(bytes.endsWith("\r\n")).toBe(true);
  const bareLf = bytes.search(/(?<!\r)\n/);
  expect(bareLf, `bare LF near ${JSON.stringify(bytes.slice(bareLf - 40, bareLf + 10))}`).toBe(-1);
  expect(bytes.search(/\r(?!\n)/)).toBe(-1);
}

/** Parsed by postal-mime: addressed, in Spanish, with the same paragraphs in text and HTML. */
async function parsed(eml: Buffer, to: string, subject: string) {
  const mail = await PostalMime.parse(eml);
  expect(mail.from).toMatchObject({ address: "no-reply@shop.example" });
  expect(mail.to?.map((address) => address.address)).toEqual([to]);
  expect(mail.subject).toBe(subject);
  expect(mail.headers.find((header) => header.key === "content-language")?.value).toBe("es");
  expect(mail.html).toContain('<html lang="es">');
  // The text's paragraphs are blank-line apart, as composed (the parser gives LF back).
  const text = (mail.text ?? "").replace(/\r\n/g, "\n");
  expect(text).toMatch(/^Hola [^\n]+:\n\n\S/);
  return { mail, text };
}

describe("the .eml files of every mail the shop sends", () => {
  it("password recovery: CRLF only, and a parser reads the code", async () => {
    const asked = await api.t.call("/Cliente/CodigoRecupero", {
      body: { cEmail: "alice@example.com" },
      language: "es",
    });
    expect(asked.json.nCode).toBe(200);
    const eml = await theOnlyFile();
    expectCrlfOnly(eml);
    const { text } = await parsed(
      eml,
      "alice@example.com",
      "Tu código para recuperar la contraseña",
    );
    expect(text).toMatch(/\n\n\d{8}\n\n/);
    expect(text).toContain("El equipo de entradas de la Ciudad");
  });

  it("order confirmation: CRLF only, and a parser finds the e-ticket PDF", async () => {
    const token = api.tokens.alice;
    const processId = await readyToPay(api.t, token, {
      idFuncion: api.fx.performances.main.id,
      listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: 1 }],
    });
    const paid = await api.t.call(`/Proceso/${processId}/Cobrar`, {
      token,
      language: "es",
      body: { cClaveIdempotencia: `eml-mail-${processId}`, nCuotas: 1, oTarjeta: testCard() },
    });
    const { idPedido } = chargeResponse.parse(paid.json.oData);
    const eml = await theOnlyFile();
    expectCrlfOnly(eml);
    const { mail, text } = await parsed(
      eml,
      "alice@example.com",
      `Tu pedido n.º ${idPedido} está confirmado`,
    );
    expect(text).toContain("Total pagado: $");
    expect(mail.attachments.map((file) => [file.filename, file.mimeType])).toEqual([
      [`e-ticket-${idPedido}.pdf`, "application/pdf"],
    ]);
    const pdf = Buffer.from(mail.attachments[0].content as ArrayBuffer);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("payment link: CRLF only, and a parser reads the link", async () => {
    await grantStaffRole(api.db, "clerk@example.com", "BOX_CLERK");
    const taken = await api.t.call("/Proceso/0/Posiciones/Tomar", {
      token: api.tokens.clerk,
      body: {
        idFuncion: api.fx.performances.main.id,
        listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: 1 }],
        ctProcess: "BOX",
      },
    });
    const processId = purchaseProcessSchema.parse(taken.json.oData).idProcesoDeCompra;
    const created = await api.t.call(`/Proceso/${processId}/LinkDePago`, {
      token: api.tokens.clerk,
      language: "es",
      body: {
        oComprador: { cNombre: "Marta Gómez", cEmail: "marta@example.com" },
        cUrlPago: "https://shop.example/linkPago",
      },
    });
    expect(created.json.nCode).toBe(200);
    const eml = await theOnlyFile();
    expectCrlfOnly(eml);
    const { text } = await parsed(
      eml,
      "marta@example.com",
      "Tu link de pago para las entradas reservadas",
    );
    expect(text).toContain(`https://shop.example/linkPago/${processId}?clave=`);
    expect(text).toContain("El equipo de la boletería");
  });
});
