import { useTranslation } from "react-i18next";
import { Link } from "react-router";

const links = [
  ["/termsAndConditions", "footer.terms"],
  ["/privacyPolicies", "footer.privacy"],
  ["/ComplaintsBook", "footer.complaints"],
  ["/FAQ", "footer.faq"],
  ["/TechnicalSupport", "footer.support"],
  ["/PointSales", "footer.pointsOfSale"],
  ["/Services", "footer.services"],
  ["/eticket", "footer.eticket"],
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <nav aria-label={t("footer.navigation")}>
        <ul className="footer-links">
          {links.map(([to, key]) => (
            <li key={to}>
              <Link to={to}>{t(key)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="text-sm">{t("footer.supportHint")}</p>
    </footer>
  );
}
