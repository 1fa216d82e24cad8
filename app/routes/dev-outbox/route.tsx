// Development only (a 404 in production): the mail the shop has sent, read from the outbox
// folder, so a developer can follow a recovery code or see an order confirmation.
import { data } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import { config } from "~/services/config.server";
import { getT } from "~/services/i18n.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/route";
import { readOutbox } from "./outbox.server";

export async function loader(args: Route.LoaderArgs) {
  if (config.production) throw data(null, { status: 404 });
  const t = getT(args.context);
  const seo = seoFor(args, {
    title: t("account:mail.outbox.title"),
    description: t("account:mail.outbox.intro"),
    noindex: true,
  });
  return { messages: await readOutbox(config.outboxDir), seo };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section>
      <h1>{t("account:mail.outbox.title")}</h1>
      <p>{t("account:mail.outbox.intro")}</p>
      {loaderData.messages.length === 0 ? <p>{t("account:mail.outbox.empty")}</p> : null}
      <ol className="flex flex-col gap-4">
        {loaderData.messages.map((message) => (
          <li key={message.id}>
            <article
              className="bg-white border border-stone-200 rounded-xl p-4"
              aria-labelledby={`mail-${message.id}`}
            >
              <h2 id={`mail-${message.id}`}>{message.subject}</h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4">
                <dt>{t("account:mail.outbox.to")}</dt>
                <dd>{message.to}</dd>
                <dt>{t("account:mail.outbox.date")}</dt>
                <dd>{message.date}</dd>
              </dl>
              <pre className="whitespace-pre-wrap mt-2">{message.text}</pre>
              {message.attachments.length > 0 ? (
                <p className="text-sm">📎 {message.attachments.join(", ")}</p>
              ) : null}
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}
