import { Link } from "react-router";
import { useBrand } from "~/config/brand";
import { useTranslation } from "~/lib/i18n";
import { HelpLines, PaymentLogos, PoweredBy } from "./footer-parts";
import { Newsletter } from "./newsletter";

const pages = [
  ["/termsAndConditions", "footer.terms"],
  ["/privacyPolicies", "footer.privacy"],
  ["/ComplaintsBook", "footer.complaints"],
  ["/FAQ", "footer.faq"],
  ["/TechnicalSupport", "footer.support"],
  ["/PointSales", "footer.pointsOfSale"],
] as const;

/**
 * Footer variant 1, a venue's: one band in the brand's dark colour with the information
 * pages, the help lines and the withdrawal link; below, the parts the brand turns on.
 */
export function Footer1() {
  const { t } = useTranslation("layout");
  const brand = useBrand();
  const parts = brand.footerParts;
  return (
    <footer className="footer1">
      <div className="footer1-band">
        <nav aria-labelledby="footer-navigation">
          <h2 className="sr-only" id="footer-navigation">
            {t("footer.navigation")}
          </h2>
          <ul className="flex flex-wrap gap-x-5 gap-y-1">
            {pages.map(([to, key]) => (
              <li key={to}>
                <Link to={to} className="footer-link">
                  {t(key)}
                </Link>
              </li>
            ))}
            {parts.withdrawal ? (
              <li>
                <a
                  href={brand.links.withdrawalForm}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="footer-link"
                >
                  {t("footer.withdrawal")}
                  <span className="sr-only"> {t("footer.newTab")}</span>
                </a>
              </li>
            ) : null}
            {parts.consumerDefence
              ? brand.links.consumerDefence.map(({ labelKey, href }) => (
                  <li key={href}>
                    <a href={href} className="footer-link">
                      {t(labelKey)}
                    </a>
                  </li>
                ))
              : null}
          </ul>
        </nav>
        <div>
          <h2 className="sr-only">{t("footer.help")}</h2>
          <HelpLines />
        </div>
      </div>
      {parts.newsletter ? (
        <div className="footer1-band">
          <Newsletter />
        </div>
      ) : null}
      <div className="footer1-band">
        {parts.paymentLogos ? <PaymentLogos /> : <div />}
        {parts.poweredBy ? <PoweredBy /> : null}
      </div>
    </footer>
  );
}
