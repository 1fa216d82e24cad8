// The order confirmation: after a sale has committed, a mail to the customer in the language
// of the purchase (remembered on the customer, for the mails that come without one), with
// the e-ticket PDF attached. Composed and sent in the background (mail/send-later.ts): it
// never fails or slows the sale.
import { eq } from "drizzle-orm";
import { customers, orders } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { formatPesos } from "../domain/money.ts";
import { fallbackLanguage, type Language, languages, translate } from "../i18n.ts";
import { mailBodies } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { sendLater } from "../mail/send-later.ts";
import { orderETicketPdf } from "./eticket.ts";

const isLanguage = (value: string | null): value is Language =>
  languages.includes(value as Language);

export async function orderConfirmationMail(
  deps: CommerceDeps,
  orderId: number,
  purchaseLanguage?: Language,
): Promise<MailMessage | null> {
  const [found] = await deps.db
    .select({
      customerId: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      storedLanguage: customers.language,
      total: orders.total,
      soldAtCounter: orders.soldAtCounter,
      buyerName: orders.buyerName,
      buyerEmail: orders.buyerEmail,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!found) return null;
  // A box-office sale is the walk-in buyer's: mailed to them if they gave an address, in the
  // counter's language; never to the clerk whose account holds it.
  const counter = found.soldAtCounter;
  if (counter && !found.buyerEmail) return null;
  if (!counter && purchaseLanguage && purchaseLanguage !== found.storedLanguage) {
    await deps.db
      .update(customers)
      .set({ language: purchaseLanguage })
      .where(eq(customers.id, found.customerId));
  }
  const language =
    purchaseLanguage ??
    (isLanguage(found.storedLanguage) ? found.storedLanguage : fallbackLanguage);
  const t = translate(language);
  const pdf = await orderETicketPdf(deps, { customerId: found.customerId, orderId, language });
  const subject = t("account:mail.order.subject", { number: orderId });
  return {
    to: counter ? (found.buyerEmail as string) : found.email,
    subject,
    ...mailBodies(language, subject, [
      t("account:mail.greeting", { name: counter ? found.buyerName : found.firstName }),
      t("account:mail.order.intro", { number: orderId }),
      t("account:mail.order.total", { total: formatPesos(found.total) }),
      t("account:mail.order.attached"),
      t("account:mail.signature"),
    ]),
    language,
    attachments: [
      { filename: `e-ticket-${orderId}.pdf`, contentType: "application/pdf", content: pdf },
    ],
  };
}

/** Starts the confirmation of a new order; returns at once. */
export function confirmOrderByMail(
  deps: CommerceDeps,
  orderId: number,
  language?: Language,
): Promise<void> {
  return sendLater(deps.mailer, "order-confirmation", () =>
    orderConfirmationMail(deps, orderId, language),
  );
}
