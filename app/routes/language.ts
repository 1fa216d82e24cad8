// The language picker's plain form: keeps the choice in a cookie and goes back, reloading the
// whole page so the new language's messages come with it. With JavaScript the picker's form
// asks to replace, so the page in the new language takes the old one's history entry
// (decision 0071); without it the browser keeps one entry for the form's result.
import { redirect, redirectDocument } from "react-router";
import { isLocale } from "~/lib/locales";
import { localeCookie } from "~/services/i18n.server";
import { safeRedirectPath } from "~/services/session.server";
import type { Route } from "./+types/language";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = form.get("locale");
  const back = safeRedirectPath(form.get("redirectTo"));
  if (!isLocale(locale)) return redirect(back, { status: 303 });
  return redirectDocument(back, {
    status: 303,
    headers: { "Set-Cookie": await localeCookie.serialize(locale) },
  });
}

export function loader() {
  return redirect("/");
}
