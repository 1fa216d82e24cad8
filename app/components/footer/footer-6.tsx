import { useBrand } from "~/config/brand";
import { useTranslation } from "~/lib/i18n";
import {
  BottomParts,
  ConsumerDefenceItems,
  HelpLines,
  infoPages,
  PageLinkItems,
  WithdrawalLink,
} from "./footer-parts";
import { Newsletter } from "./newsletter";

const pages = [
  ...infoPages,
  ["/Services", "footer.services"],
  ["/eticket", "footer.eticket"],
] as const;

/**
 * Footer variant 6: information pages, help lines, social networks, the newsletter box, the
 * right of withdrawal, consumer defence, payment methods and powered-by (each as the brand's
 * footerParts says).
 */
export function Footer6() {
  const { t } = useTranslation("layout");
  const brand = useBrand();
  const parts = brand.footerParts;
  return (
    <footer className="footer6">
      <div className="footer6-grid">
        <nav aria-labelledby="footer-navigation">
          <h2 className="footer-heading" id="footer-navigation">
            {t("footer.navigation")}
          </h2>
          <ul className="flex flex-col gap-1">
            <PageLinkItems pages={pages} />
          </ul>
        </nav>

        <div>
          <h2 className="footer-heading">{t("footer.help")}</h2>
          <HelpLines />
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

        {parts.withdrawal || parts.consumerDefence ? (
          <div>
            <h2 className="footer-heading">{t("footer.rights")}</h2>
            {parts.withdrawal ? (
              <>
                <p className="text-sm text-stone-300 mb-2">{t("footer.withdrawalHint")}</p>
                <WithdrawalLink className="footer-withdrawal" />
              </>
            ) : null}
            {parts.consumerDefence ? (
              <ul className="flex flex-col gap-1 mt-4">
                <ConsumerDefenceItems />
              </ul>
            ) : null}
          </div>
        ) : null}

        {parts.newsletter ? <Newsletter /> : null}
      </div>

      <div className="footer6-bottom">
        <BottomParts />
      </div>
    </footer>
  );
}
