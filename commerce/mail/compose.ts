// Composes a MailMessage as a real RFC 5322 message with nodemailer's MailComposer:
// multipart/alternative (text, then HTML), mixed with the attachments when there are any,
// and Content-Language naming the customer's language.
import MailComposer from "nodemailer/lib/mail-composer";
import type { MailMessage } from "./mailer.ts";

/** The options nodemailer builds a message from (MailComposer and the SMTP transport alike). */
export function mailOptions(message: MailMessage, from: string) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
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
