// The payment link's mail: to the buyer the clerk named, with what they pay, until when, and
// the link (plain text, so any mail reader shows it; it is the only way in).
import { eq } from "drizzle-orm";
import { paymentLinks, purchaseProcesses } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { formatPesos } from "../domain/money.ts";
import { type Language, translate } from "../i18n.ts";
import { mailBodies } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { loadProcessView } from "../purchase/view.ts";

export async function paymentLinkMail(
  deps: CommerceDeps,
  input: { processId: number; url: string; language: Language },
): Promise<MailMessage | null> {
  const [found] = await deps.db
    .select({ process: purchaseProcesses, link: paymentLinks })
    .from(paymentLinks)
    .innerJoin(purchaseProcesses, eq(purchaseProcesses.id, paymentLinks.processId))
    .where(eq(paymentLinks.processId, input.processId));
  if (!found) return null;
  const view = await loadProcessView(deps, found.process, input.language);
  const t = translate(input.language);
  const subject = t("account:mail.paymentLink.subject");
  const until = new Intl.DateTimeFormat(input.language, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "America/Argentina/Buenos_Aires",
  }).format(found.process.deadline);
  const shows = view.listaFuncion.map((line) => line.oEspectaculo.cEspectaculoCartelNombre);
  return {
    to: found.link.buyerEmail,
    subject,
    ...mailBodies(input.language, subject, [
      t("account:mail.greeting", { name: found.link.buyerName }),
      t("account:mail.paymentLink.intro", { shows: shows.join(", ") }),
      t("account:mail.paymentLink.total", { total: formatPesos(view.fTotal), until }),
      { strong: input.url },
      t("account:mail.paymentLink.notYou"),
      // Sent for a clerk: the box office signs it (the shop signs its own mail).
      t("account:mail.boxOfficeSignature"),
    ]),
    language: input.language,
  };
}
