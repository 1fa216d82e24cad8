import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { commerceSettingsFromEnv } from "../config.ts";
import { recoveryMail } from "../customers/recovery.ts";
import { mailerFor } from "../start.ts";
import { mailBodies } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";
import { MemoryOutbox, OutboxMailer, outboxFiles } from "./outbox.ts";
import { partText, readEml } from "./read-eml.ts";
import { SmtpMailer } from "./smtp.ts";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "outbox-test-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  to: "ana@example.com",
  subject: "Código de recuperación — ñandú",
  ...mailBodies("es", "Código", ["Hola Ana:", { strong: "01234567" }, "<script>x</script>"]),
  language: "es",
  ...overrides,
});

describe("the outbox on disk", () => {
  it("writes one .eml per message, multipart/alternative with text and HTML", async () => {
    const outbox = new OutboxMailer(join(folder, "outbox"), "Entradas <no-reply@shop.example>");
    await outbox.send(message());
    const names = await readdir(join(folder, "outbox"));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{12}\.eml$/);
    // Personal data: readable by the server's user only.
    expect((await stat(join(folder, "outbox", names[0]))).mode & 0o777).toBe(0o600);
    const [file] = await outboxFiles(join(folder, "outbox"));
    const eml = readEml(file.eml);
    expect(eml.contentType).toMatch(/^multipart\/alternative; boundary=/);
    expect(eml.headers.get("from")).toBe("Entradas <no-reply@shop.example>");
    expect(eml.headers.get("to")).toBe("ana@example.com");
    expect(eml.headers.get("subject")).toBe("Código de recuperación — ñandú");
    expect(eml.headers.get("content-language")).toBe("es");
    expect(eml.headers.get("mime-version")).toBe("1.0");
    expect(Date.parse(eml.headers.get("date") ?? "")).not.toBeNaN();
    expect(eml.headers.get("message-id")).toMatch(/^<.+@shop\.example>$/);
    expect(eml.parts.map((part) => part.contentType)).toEqual(["text/plain", "text/html"]);
    // Lines of a MIME text part end in CRLF (RFC 5322), whatever the template wrote.
    expect(partText(eml, "text/plain")).toBe(
      "Hola Ana:\r\n\r\n01234567\r\n\r\n<script>x</script>\r\n",
    );
    const html = partText(eml, "text/html") ?? "";
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("<strong>01234567</strong>");
    // Text is escaped in the HTML version, never markup.
    expect(html).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(html).not.toContain("<script>");
  });

  it("attaches files beside the alternative (multipart/mixed)", async () => {
    const outbox = new MemoryOutbox();
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff]);
    await outbox.send(
      message({
        attachments: [{ filename: "e-ticket-7.pdf", contentType: "application/pdf", content: pdf }],
      }),
    );
    const eml = readEml(outbox.messages[0]);
    expect(eml.contentType).toMatch(/^multipart\/mixed/);
    expect(eml.parts.map((part) => [part.contentType, part.filename])).toEqual([
      ["text/plain", null],
      ["text/html", null],
      ["application/pdf", "e-ticket-7.pdf"],
    ]);
    expect([...eml.parts[2].content]).toEqual([...pdf]);
  });

  it("lists the newest first and ignores files that are not messages", async () => {
    let clock = new Date("2031-03-10T15:00:00Z");
    const outbox = new OutboxMailer(folder, "shop@example.com", () => clock);
    await outbox.send(message({ subject: "first" }));
    clock = new Date("2031-03-10T15:00:01Z");
    await outbox.send(message({ subject: "second" }));
    await import("node:fs/promises").then((fs) =>
      fs.writeFile(join(folder, ".half.eml.partial"), "x"),
    );
    const files = await outboxFiles(folder);
    expect(files.map((file) => readEml(file.eml).headers.get("subject"))).toEqual([
      "second",
      "first",
    ]);
    expect(await outboxFiles(join(folder, "missing"))).toEqual([]);
  });

  it("writes the recovery mail in the customer's language", async () => {
    const outbox = new MemoryOutbox();
    for (const language of ["es", "en", "pt"] as const) {
      await outbox.send(
        recoveryMail({ email: "ana@example.com", firstName: "Ana" }, "12345678", language),
      );
    }
    const [es, en, pt] = outbox.messages.map((eml) => readEml(eml));
    expect(es.headers.get("subject")).toBe("Tu código para recuperar la contraseña");
    expect(en.headers.get("subject")).toBe("Your password recovery code");
    expect(pt.headers.get("subject")).toBe("Seu código para recuperar a senha");
    expect(partText(es, "text/plain")).toContain("El código vale por 15 minutos");
    // The shop sends it, not the box office's counter.
    expect(partText(es, "text/plain")).toContain("El equipo de entradas de la Ciudad");
    expect(partText(es, "text/plain")).not.toContain("boletería");
    expect(partText(pt, "text/plain")).not.toContain("bilheteria");
    expect(partText(pt, "text/html")).toContain('<html lang="pt">');
    expect(pt.headers.get("content-language")).toBe("pt");
  });
});

describe("choosing the mailer", () => {
  it("is the outbox in $DATA_DIR/outbox by default, SMTP when SMTP_URL is set", () => {
    const embedded = commerceSettingsFromEnv("embedded", { DATA_DIR: "/srv/shop" });
    expect(embedded.mail.outboxDir).toBe("/srv/shop/outbox");
    const mailer = mailerFor(embedded.mail);
    expect(mailer).toBeInstanceOf(OutboxMailer);
    expect((mailer as OutboxMailer).folder).toBe("/srv/shop/outbox");
    expect(commerceSettingsFromEnv("standalone", {}).mail.outboxDir).toBe("./data/commerce/outbox");
    const smtp = commerceSettingsFromEnv("embedded", { SMTP_URL: "smtp://mail.example:587" });
    expect(mailerFor(smtp.mail)).toBeInstanceOf(SmtpMailer);
    expect(() =>
      commerceSettingsFromEnv("embedded", { SMTP_URL: "http://mail.example" }),
    ).toThrow();
  });
});
