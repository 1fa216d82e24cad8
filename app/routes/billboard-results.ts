// GET /cartelera/resultados?pagina=N: one page of 12 billboard results, for the billboard's
// "load more" fetcher. Never throws: a failure is data the button can announce.
import { pageSize, pagingQuery } from "@contract/browse.ts";
import { data } from "react-router";
import { searchPage } from "~/services/catalog.server";
import { getT } from "~/services/i18n.server";
import { getRequestContext } from "~/services/request-context.server";
import type { Route } from "./+types/billboard-results";

export async function loader(args: Route.LoaderArgs) {
  const t = getT(args.context);
  const paging = pagingQuery.safeParse({
    pagina: new URL(args.request.url).searchParams.get("pagina") || undefined,
  });
  if (!paging.success) {
    return data({ error: t("validation:pageInvalid") }, { status: 400 });
  }
  const result = await searchPage(
    getRequestContext(args).commerce,
    {},
    paging.data.pagina,
    pageSize,
  );
  if (!result.ok) {
    const status =
      result.code === "TRANSPORT"
        ? 503
        : result.nCode >= 400 && result.nCode < 500
          ? result.nCode
          : 502;
    return data({ error: result.message }, { status });
  }
  return data(
    {
      shows: result.data.Lista,
      page: result.data.nPagina,
      total: result.data.nTotal,
    },
    { headers: { "Cache-Control": "private, max-age=60" } },
  );
}
