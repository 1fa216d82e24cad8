// Composes a MailMessage as a real RFC 5322 message with nodemailer's MailComposer:
// multipart/alternative (text, then HTML), mixed with the attachments when there are any,
// and Content-Language naming the customer's language. Every line of it ends in CRLF
// (RFC 5322): the bodies are written with plain "\n" and nodemailer keeps a part's line
// ends as it gets them, so they are turned to CRLF here, for the outbox and SMTP alike.
import MailComposer from "nodemailer/lib/mail-composer";
import type { MailMessage } from "./mailer.ts";

/** Every line end (LF, CRLF or a lone CR) as CRLF. */
export function crlfLines(text: string): string {
  return text.replace(/\r\n|\r|\n/g, "\r\n");
}

/** The options nodemailer builds a message from (MailComposer and the SMTP transport alike). */
export function mailOptions(message: MailMessage, from: string) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: crlfLines(message.text),
    html: crlfLines(message.html),
    headers: { "Content-Language": message.language },
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: Buffer.from(attachment.content),
    })),
  };
}

/** The whole message as an .eml file holds it (CRLF line ends). */
export function composeEml(message: MailMessage, from: string): Promise<Buffer> {
  return new MailComposer(mailOptions(message, from)).compile().build();
}
