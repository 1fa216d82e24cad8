// One voice in Spanish: every text of the shop speaks with "vos" (Ingresá, podés, tenés),
// never "usted": the pages' and mails' texts in locales/es, the mails as composed and the
// e-ticket PDF as printed.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { recoveryMail } from "./customers/recovery.ts";
import { pageTexts } from "./testing/pdf-text.ts";
import { ustedForms } from "./testing/spanish-voice.ts";
import { signTicketCode, ticketSigningKeyFromSeed } from "./tickets/code.ts";
import { renderETicketPdf } from "./tickets/eticket.ts";

const spanishFolder = join(import.meta.dirname, "..", "locales", "es");

/** Every string of a locale file, by its key ("checkout:wallet.noCard"). */
function strings(value: unknown, key: string): Array<[string, string]> {
  if (typeof value === "string") return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${key}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([name, item]) =>
      strings(item, key.endsWith(":") ? `${key}${name}` : `${key}.${name}`),
    );
  }
  return [];
}

describe("ustedForms", () => {
  it("finds usted imperatives, pronouns and the shop's usted phrases", () => {
    expect(ustedForms("Presente este código QR en el ingreso.")).toEqual(["Presente"]);
    expect(ustedForms("Si paga con una billetera, deje los datos de la tarjeta vacíos.")).toEqual([
      "deje",
    ]);
    expect(ustedForms("No comparta esta entrada.")).toEqual(["comparta"]);
    expect(ustedForms("Billetera de prueba: elija qué ocurre.")).toEqual(["elija"]);
    expect(ustedForms("Si lo desea usted, acérquese a la boletería.")).toEqual([
      "usted",
      "acérquese",
    ]);
    expect(ustedForms("Le recomendamos llegar temprano.")).toEqual(["Le recomendamos"]);
  });

  it("leaves vos, the third person and words that only look alike", () => {
    for (const text of [
      "Presentá este código QR en el ingreso. No compartas esta entrada.",
      "Dejá vacíos los datos de la tarjeta si pagás con una billetera.",
      // The third person's subjunctive, and "presente" as an adjective.
      "Podés mandarle la hoja para que ingrese por su cuenta.",
      "Lo importante es que cada código se presente una sola vez.",
      "Tarjeta presente en la boletería",
      "El código sirve sin importar quién lo presente.",
      // The clerk's words about the buyer, and the door's answer about the holder.
      "Dejala vacía si paga en efectivo.",
      "E-mail del comprador (opcional: también le enviamos las entradas)",
      "Puede pasar",
      "Ingresá el e-mail de tu cuenta y te enviaremos un código.",
    ]) {
      expect(ustedForms(text), text).toEqual([]);
    }
  });
});

describe("the shop's Spanish", () => {
  it("says vos in every text of locales/es", () => {
    const files = readdirSync(spanishFolder).filter((name) => name.endsWith(".json"));
    expect(files.length).toBeGreaterThan(5);
    const all = files.flatMap((name) =>
      strings(
        JSON.parse(readFileSync(join(spanishFolder, name), "utf8")),
        `${name.replace(/\.json$/, "")}:`,
      ),
    );
    expect(all.length).toBeGreaterThan(1000);
    const usted = all
      .map(([key, text]) => [key, ustedForms(text).join(", ")])
      .filter(([, forms]) => forms !== "");
    expect(usted).toEqual([]);
  });

  it("says vos in a mail as composed", () => {
    const mail = recoveryMail({ email: "ana@example.com", firstName: "Ana" }, "12345678", "es");
    expect(mail.text).toContain("Ingresá este código");
    expect(ustedForms(`${mail.subject}\n${mail.text}\n${mail.html}`)).toEqual([]);
  });

  it("says vos on the e-ticket as printed, for tickets and products", async () => {
    const key = ticketSigningKeyFromSeed("spanish-voice-test-key");
    const ticket = {
      showTitle: "Hamlet",
      venueName: "Teatro Municipal Corrientes",
      startsAt: new Date("2031-05-15T23:30:00Z"),
      isProduct: false,
      sectorName: "Platea",
      row: "F",
      number: 12,
      price: 12_000,
      promotion: null,
      code: signTicketCode(key, { ticketId: 1, performanceId: 7 }),
    };
    const product = {
      ...ticket,
      showTitle: "Remera",
      isProduct: true,
      startsAt: null,
      row: null,
      number: null,
      code: signTicketCode(key, { ticketId: 2, performanceId: 8 }),
    };
    const pdf = await PDFDocument.load(
      await renderETicketPdf(
        { orderId: 41, customerName: "Ana García", tickets: [ticket, product] },
        "es",
      ),
    );
    const printed = [0, 1].map((page) => pageTexts(pdf, page).join(" "));
    // The notes under the code are there to be read...
    expect(printed[0]).toMatch(/código QR/);
    expect(printed[1]).toMatch(/retirar el producto/);
    // ...in the shop's voice.
    expect(printed.flatMap(ustedForms)).toEqual([]);
  });
});
