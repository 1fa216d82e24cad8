// Sign out (§4): clears user, token and purchase, says so once, and returns to the billboard.
import { redirect } from "react-router";
import { commitSession, getSession } from "~/services/session.server";
import type { Route } from "./+types/logout";

export async function action({ request }: Route.ActionArgs) {
  const session = await getSession(request);
  session.unset("user");
  session.unset("processId");
  session.flash("notice", "notices.sessionDisconnected");
  return redirect("/", { headers: await commitSession(session) });
}

export function loader() {
  return redirect("/");
}
