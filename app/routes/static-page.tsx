// The footer's static pages (§2). Their text comes from locales/*/pages.json through the
// loader, so long prose is not shipped to the browser twice. /TechnicalSupport also carries
// the support contact form (POST /v2/Contacto).
import { parseWithZod } from "@conform-to/zod/v4";
import { contactRequest, endpoints } from "@contract";
import { data } from "react-router";
import { type ContactActionData, ContactForm } from "~/components/browse/contact-form";
import { notFound } from "~/lib/responses";
import { seoMeta } from "~/lib/seo";
import { staticPageOf } from "~/lib/static-pages";
import { tooManyAttempts, unavailableNow } from "~/services/commerce.server";
import { getT } from "~/services/i18n.server";
import { getRequestContext } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/static-page";

const contactPage = "TechnicalSupport";

function pageOf(request: Request) {
  const page = staticPageOf(new URL(request.url).pathname);
  if (!page) throw notFound();
  return page;
}

export function loader(args: Route.LoaderArgs) {
  const page = pageOf(args.request);
  const t = getT(args.context);
  const paragraphs = t(`pages:${page}.body`, { returnObjects: true, defaultValue: [] });
  if (!Array.isArray(paragraphs)) throw notFound();
  const title = t(`pages:${page}.title`);
  const description = t(`pages:${page}.description`);
  return {
    title,
    paragraphs: paragraphs.map(String),
    hasContactForm: page === contactPage,
    seo: seoFor(args, { title, description, path: `/${page}` }),
  };
}

export async function action(args: Route.ActionArgs) {
  if (pageOf(args.request) !== contactPage) {
    throw data({ nCode: 405, message: "" }, { status: 405, headers: { Allow: "GET" } });
  }
  const submission = parseWithZod(await args.request.formData(), { schema: contactRequest });
  if (submission.status !== "success") {
    return data<ContactActionData>({ result: submission.reply(), sentId: null }, { status: 400 });
  }
  const sent = await getRequestContext(args).commerce.call(endpoints.contact, {
    body: submission.value,
  });
  if (!sent.ok) {
    const status = sent.code === "VALIDATION" ? 400 : unavailableNow(sent) ? 503 : 502;
    return data<ContactActionData>(
      {
        result: submission.reply({
          fieldErrors: sent.fieldErrors,
          formErrors: sent.fieldErrors ? [] : [sent.message],
        }),
        sentId: null,
      },
      tooManyAttempts(sent) ?? { status },
    );
  }
  return data<ContactActionData>({
    result: submission.reply({ resetForm: true }),
    sentId: sent.data.idContacto,
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function StaticPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <article className="prose-page">
        <h1>{loaderData.title}</h1>
        {loaderData.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </article>
      {loaderData.hasContactForm ? <ContactForm actionData={actionData} /> : null}
    </>
  );
}
