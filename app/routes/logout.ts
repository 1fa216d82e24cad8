// Sign out (§4): revokes the API token, clears user, session id and purchase, says so once,
// and returns to the billboard.
import { redirect } from "react-router";
import { externalLogout } from "~/services/external-login.server";
import { endUserSession, getRequestContext } from "~/services/request-context.server";
import type { Route } from "./+types/logout";

export async function action(args: Route.ActionArgs) {
  const external = getRequestContext(args).session.get("external");
  await endUserSession(args);
  // The city's login: its session ends too (/endSession), then the billboard.
  if (external) return externalLogout(args);
  return redirect("/");
}

export function loader() {
  return redirect("/");
}
