// The static pages of the footer (§2). Their text comes from locales/*/pages.json through the
// loader, so long prose is not shipped to the browser twice.
import { data } from "react-router";
import { staticPageOf } from "~/lib/static-pages";
import { getT } from "~/services/i18n.server";
import type { Route } from "./+types/static-page";

export function loader({ request, context }: Route.LoaderArgs) {
  const page = staticPageOf(new URL(request.url).pathname);
  if (!page) throw data({ nCode: 404, message: "" }, { status: 404 });
  const t = getT(context);
  const paragraphs = t(`pages:${page}.body`, { returnObjects: true, defaultValue: [] });
  if (!Array.isArray(paragraphs)) throw data({ nCode: 404, message: "" }, { status: 404 });
  return {
    title: t(`pages:${page}.title`),
    description: t(`pages:${page}.description`),
    paragraphs: paragraphs.map(String),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: "description", content: data?.description },
];

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="prose-page">
      <h1>{loaderData.title}</h1>
      {loaderData.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </article>
  );
}
