// Mail behind one interface (decision 0022): by default an outbox of .eml files in the data
// folder (outbox.ts), SMTP through nodemailer when configured (smtp.ts). Every message is
// composed the same way (compose.ts), so what lands in the outbox is what SMTP would send.
import type { Language } from "../i18n.ts";

export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };

/** One message to one customer, already in their language. */
export type MailMessage = {
  to: string;
  subject: string;
  /** The plain-text and HTML versions say the same (multipart/alternative). */
  text: string;
  html: string;
  language: Language;
  attachments?: MailAttachment[];
};

export interface Mailer {
  /** Resolves once the message is stored or handed to the mail server; rejects otherwise. */
  send(message: MailMessage): Promise<void>;
}
