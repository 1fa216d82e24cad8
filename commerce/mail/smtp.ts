// Mail through an SMTP server (SMTP_URL), with nodemailer's SMTP transport and the same
// message options the outbox composes from.
import { createTransport } from "nodemailer";
import { mailOptions } from "./compose.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

export class SmtpMailer implements Mailer {
  private readonly transport;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail(mailOptions(message, this.from));
  }
}
