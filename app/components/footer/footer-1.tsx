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

/**
 * Footer variant 1, a venue's: one band in the brand's dark colour with the information
 * pages, the help lines and the withdrawal link; below, the parts the brand turns on.
 */
export function Footer1() {
  const { t } = useTranslation("layout");
  const parts = useBrand().footerParts;
  return (
    <footer className="footer1">
      <div className="footer1-band">
        <nav aria-labelledby="footer-navigation">
          <h2 className="sr-only" id="footer-navigation">
            {t("footer.navigation")}
          </h2>
          <ul className="flex flex-wrap gap-x-5 gap-y-1">
            <PageLinkItems pages={infoPages} />
            {parts.withdrawal ? (
              <li>
                <WithdrawalLink className="footer-link" />
              </li>
            ) : null}
            {parts.consumerDefence ? <ConsumerDefenceItems /> : null}
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
        <BottomParts />
      </div>
    </footer>
  );
}
