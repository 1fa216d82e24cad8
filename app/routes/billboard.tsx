import { showCardsResponse } from "@contract";
import { apiPaths } from "@contract/paths.ts";
import { useTranslation } from "react-i18next";
import { ShowCard } from "~/components/show-card";
import { getT } from "~/services/i18n.server";
import { orThrow, shopApi } from "~/services/shop.server";
import type { Route } from "./+types/billboard";

export async function loader(args: Route.LoaderArgs) {
  const shows = orThrow(await shopApi(args).get(apiPaths.shows(), showCardsResponse)).Lista;
  const t = getT(args.context);
  return { shows, title: t("billboard.metaTitle"), description: t("billboard.metaDescription") };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: "description", content: data?.description },
];

export default function Billboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("billboard.heading")}</h1>
      <ul className="grid grid-cols-2 md:grid-cols-3 lg:grid-cols-4 gap-4">
        {loaderData.shows.map((show, index) => (
          <li key={show.idEspectaculoCartel} className="flex">
            <ShowCard show={show} lazy={index >= 4} />
          </li>
        ))}
      </ul>
    </>
  );
}
