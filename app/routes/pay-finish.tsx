// payFinish (§2): where an ended purchase lands; the root shows the one-time notice.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export default function PayFinish() {
  const { t } = useTranslation();
  return (
    <section className="prose-page">
      <title>{t("payFinish.title")}</title>
      <h1>{t("payFinish.title")}</h1>
      <p>{t("payFinish.text")}</p>
      <Link to="/" className="button-primary">
        {t("errors.backToBillboard")}
      </Link>
    </section>
  );
}
