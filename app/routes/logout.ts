// Sign out (§4): clears user, token and purchase, says so once, and returns to the billboard.
import { redirect } from "react-router";
import { endUserSession } from "~/services/request-context.server";
import type { Route } from "./+types/logout";

export function action(args: Route.ActionArgs) {
  endUserSession(args);
  return redirect("/");
}

export function loader() {
  return redirect("/");
}
