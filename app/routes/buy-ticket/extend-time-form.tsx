// The one extension of the purchase clock (WCAG 2.2.1 "Timing Adjustable"): offered while the
// API offers it, a plain form that works without JavaScript.
import { Form } from "react-router";
import { useTranslation } from "~/lib/i18n";

export function ExtendTimeForm({ minutes }: { minutes: number }) {
  const { t } = useTranslation();
  if (minutes <= 0) return null;
  return (
    // mb-4: the button keeps clear of the show's card below it.
    <Form method="post" className="extend-time mb-4" aria-labelledby="extend-time-heading">
      <p id="extend-time-heading" className="font-semibold mb-1">
        {t("checkout:extension.heading")}
      </p>
      <p className="text-sm mb-2">{t("checkout:extension.offer", { count: minutes })}</p>
      <button type="submit" name="intent" value="extend" className="button-secondary">
        {t("checkout:extension.button", { count: minutes })}
      </button>
    </Form>
  );
}
