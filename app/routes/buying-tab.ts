// /buyingTab: a tab going away while a purchase runs (closed, reloaded, left for another
// site) says so with a beacon (components/buying-tab.ts). If it was the buying tab, the next
// tab that opens the purchase has it at once, instead of being sent away as a second tab for
// two minutes (spec §4). Nothing to show: 204 either way.

import { tabIdOf, tabLeft } from "~/services/purchase-timer.server";
import { getRequestContext } from "~/services/request-context.server";
import type { Route } from "./+types/buying-tab";

export async function action(args: Route.ActionArgs) {
  const shop = getRequestContext(args);
  if (shop.user) tabLeft(shop, tabIdOf(await args.request.formData()));
  return new Response(null, { status: 204 });
}
