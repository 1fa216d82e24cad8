// Sign out (§4): revokes the API token, clears user, session id and purchase, says so once,
// and returns to the billboard.
import { redirect } from "react-router";
import { endUserSession } from "~/services/request-context.server";
import type { Route } from "./+types/logout";

export async function action(args: Route.ActionArgs) {
  await endUserSession(args);
  return redirect("/");
}

export function loader() {
  return redirect("/");
}
