// SmtpMailer against a minimal SMTP server on a local port: the message nodemailer hands over
// is the same composition the outbox writes (multipart, language, attachments).
import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { mailBodies } from "./layout.ts";
import { partText, readEml } from "./read-eml.ts";
import { SmtpMailer } from "./smtp.ts";

type Received = { from: string; to: string[]; data: string };

/** Speaks just enough SMTP (RFC 5321) to take one message per connection. */
function fakeSmtpServer(received: Received[], refuse = false): Promise<Server> {
  const server = createServer((socket: Socket) => {
    let buffer = "";
    let inData = false;
    let current: Received = { from: "", to: [], data: "" };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 fake.smtp ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      while (true) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: "", to: [], data: "" };
          reply("250 queued");
          continue;
        }
        const lineEnd = buffer.indexOf("\r\n");
        if (lineEnd < 0) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 fake.smtp");
        else if (verb === "MAIL") current.from = line;
        else if (verb === "RCPT") current.to.push(line);
        else if (verb === "DATA") {
          inData = true;
          reply("354 go ahead");
          continue;
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
          return;
        } else reply("250 ok");
        if (verb === "MAIL") reply("250 ok");
        if (verb === "RCPT") reply(refuse ? "550 no such user" : "250 ok");
      }
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

let server: Server | null = null;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null));
  server = null;
});

const portOf = (s: Server) => (s.address() as { port: number }).port;

describe("SMTP", () => {
  it("hands the composed message to the configured server", async () => {
    const received: Received[] = [];
    server = await fakeSmtpServer(received);
    const mailer = new SmtpMailer(
      `smtp://127.0.0.1:${portOf(server)}`,
      "Shop <no-reply@shop.example>",
    );
    await mailer.send({
      to: "ana@example.com",
      subject: "Seu pedido nº 7 está confirmado",
      ...mailBodies("pt", "Pedido", ["Olá Ana,", "Total pago: $ 1.000"]),
      language: "pt",
      attachments: [
        {
          filename: "e-ticket-7.pdf",
          contentType: "application/pdf",
          content: new Uint8Array([37, 80, 68, 70]),
        },
      ],
    });
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe("MAIL FROM:<no-reply@shop.example>");
    expect(received[0].to).toEqual(["RCPT TO:<ana@example.com>"]);
    const eml = readEml(received[0].data);
    expect(eml.headers.get("subject")).toBe("Seu pedido nº 7 está confirmado");
    expect(eml.headers.get("content-language")).toBe("pt");
    expect(eml.parts.map((part) => part.contentType)).toEqual([
      "text/plain",
      "text/html",
      "application/pdf",
    ]);
    // SMTP carries text in its canonical CRLF line ends.
    expect(partText(eml, "text/plain")?.replace(/\r\n/g, "\n")).toBe(
      "Olá Ana,\n\nTotal pago: $ 1.000\n",
    );
  });

  it("rejects when the server refuses the recipient", async () => {
    server = await fakeSmtpServer([], true);
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${portOf(server)}`, "shop@shop.example");
    await expect(
      mailer.send({
        to: "x@example.com",
        subject: "s",
        text: "t",
        html: "<p>t</p>",
        language: "es",
      }),
    ).rejects.toThrow(/550/);
  });
});
