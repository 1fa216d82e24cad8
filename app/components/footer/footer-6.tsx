import { Link } from "react-router";
import { brand } from "~/config/brand";
import { useTranslation } from "~/lib/i18n";
import { Newsletter } from "./newsletter";

const pages = [
  ["/termsAndConditions", "footer.terms"],
  ["/privacyPolicies", "footer.privacy"],
  ["/ComplaintsBook", "footer.complaints"],
  ["/FAQ", "footer.faq"],
  ["/TechnicalSupport", "footer.support"],
  ["/PointSales", "footer.pointsOfSale"],
  ["/Services", "footer.services"],
  ["/eticket", "footer.eticket"],
] as const;

const tel = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, "")}`;

/**
 * Footer variant 6: information pages, help lines, social networks, the newsletter box, the
 * right of withdrawal, consumer defence, payment methods and powered-by.
 */
export function Footer6() {
  const { t } = useTranslation("layout");
  return (
    <footer className="footer6">
      <div className="footer6-grid">
        <nav aria-labelledby="footer-navigation">
          <h2 className="footer-heading" id="footer-navigation">
            {t("footer.navigation")}
          </h2>
          <ul className="flex flex-col gap-1">
            {pages.map(([to, key]) => (
              <li key={to}>
                <Link to={to} className="footer-link">
                  {t(key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="footer-heading">{t("footer.help")}</h2>
          <ul className="flex flex-col gap-1 mb-5">
            <li>
              <a href={tel(brand.support.cityPhone)} className="footer-link">
                {t("footer.callCity", { phone: brand.support.cityPhone })}
              </a>
            </li>
            <li>
              <a href={tel(brand.support.tollFreePhone)} className="footer-link">
                {t("footer.callTollFree", { phone: brand.support.tollFreePhone })}
              </a>
            </li>
          </ul>
          <h2 className="footer-heading" id="footer-social">
            {t("footer.social")}
          </h2>
          <ul className="flex gap-2" aria-labelledby="footer-social">
            {brand.links.social.map(({ network, href }) => (
              <li key={network}>
                <a href={href} className="footer-social">
                  <img
                    src={`/social/${network}.svg`}
                    alt={t("footer.followUs", { network: t(`networks.${network}`) })}
                    width="36"
                    height="36"
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className="footer-heading">{t("footer.rights")}</h2>
          <p className="text-sm text-stone-300 mb-2">{t("footer.withdrawalHint")}</p>
          <a
            href={brand.links.withdrawalForm}
            target="_blank"
            rel="noopener noreferrer"
            className="footer-withdrawal"
          >
            {t("footer.withdrawal")}
            <span className="sr-only"> {t("footer.newTab")}</span>
          </a>
          <ul className="flex flex-col gap-1 mt-4">
            {brand.links.consumerDefence.map(({ labelKey, href }) => (
              <li key={href}>
                <a href={href} className="footer-link">
                  {t(labelKey)}
                </a>
              </li>
            ))}
          </ul>
        </div>

        <Newsletter />
      </div>

      <div className="footer6-bottom">
        <div>
          <h2 className="sr-only" id="footer-payments">
            {t("footer.paymentMethods")}
          </h2>
          <ul className="flex flex-wrap gap-2" aria-labelledby="footer-payments">
            {brand.paymentLogos.map((logo) => (
              <li key={logo}>
                <img
                  src={`/payments/${logo}.svg`}
                  alt={t(`payments.${logo}`)}
                  width="56"
                  height="36"
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-stone-300">
          <a href={brand.poweredBy.href} className="footer-link">
            {t("footer.poweredBy", { name: brand.poweredBy.name })}
          </a>
        </p>
      </div>
    </footer>
  );
}
