// Parts that footer variants share. Which of the optional ones (§1: newsletter, withdrawal,
// consumer defence, payment logos, powered-by) a brand shows is its footerParts.

import { Link } from "react-router";
import { useBrand } from "~/config/brand";
import { useTranslation } from "~/lib/i18n";
import { acceptedCardBrands } from "../../../commerce/contract/card-rules";

const tel = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, "")}`;

export function HelpLines() {
  const { t } = useTranslation("layout");
  const { support } = useBrand();
  return (
    <ul className="flex flex-col gap-1 mb-5">
      <li>
        <a href={tel(support.cityPhone)} className="footer-link">
          {t("footer.callCity", { phone: support.cityPhone })}
        </a>
      </li>
      <li>
        <a href={tel(support.tollFreePhone)} className="footer-link">
          {t("footer.callTollFree", { phone: support.tollFreePhone })}
        </a>
      </li>
    </ul>
  );
}

/** The cards the card check accepts, from its own list: no logo of a card it refuses. */
export function PaymentLogos() {
  const { t } = useTranslation("layout");
  return (
    <div>
      <h2 className="sr-only" id="footer-payments">
        {t("footer.paymentMethods")}
      </h2>
      <ul className="flex flex-wrap gap-2" aria-labelledby="footer-payments">
        {acceptedCardBrands.map((card) => {
          const logo = card.toLowerCase();
          return (
            <li key={card}>
              <img
                src={`/payments/${logo}.svg`}
                alt={t(`payments.${logo}`)}
                width="56"
                height="36"
                loading="lazy"
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function PoweredBy() {
  const { t } = useTranslation("layout");
  const { poweredBy } = useBrand();
  return (
    <p className="text-sm text-stone-300">
      <a href={poweredBy.href} className="footer-link">
        {t("footer.poweredBy", { name: poweredBy.name })}
      </a>
    </p>
  );
}

/** The information pages every footer links to; a variant may add its own after them. */
export const infoPages = [
  ["/termsAndConditions", "footer.terms"],
  ["/privacyPolicies", "footer.privacy"],
  ["/ComplaintsBook", "footer.complaints"],
  ["/FAQ", "footer.faq"],
  ["/TechnicalSupport", "footer.support"],
  ["/PointSales", "footer.pointsOfSale"],
] as const;

/** A list's items linking the pages given (path and label key), in their order. */
export function PageLinkItems({ pages }: { pages: readonly (readonly [string, string])[] }) {
  const { t } = useTranslation("layout");
  return (
    <>
      {pages.map(([to, key]) => (
        <li key={to}>
          <Link to={to} className="footer-link">
            {t(key)}
          </Link>
        </li>
      ))}
    </>
  );
}

/** The right of withdrawal's form, the brand's, in a new tab (and said so). */
export function WithdrawalLink({ className }: { className: string }) {
  const { t } = useTranslation("layout");
  const { links } = useBrand();
  return (
    <a href={links.withdrawalForm} target="_blank" rel="noopener noreferrer" className={className}>
      {t("footer.withdrawal")}
      <span className="sr-only"> {t("footer.newTab")}</span>
    </a>
  );
}

/** A list's items linking the brand's consumer defence offices. */
export function ConsumerDefenceItems() {
  const { t } = useTranslation("layout");
  const { links } = useBrand();
  return (
    <>
      {links.consumerDefence.map(({ labelKey, href }) => (
        <li key={href}>
          <a href={href} className="footer-link">
            {t(labelKey)}
          </a>
        </li>
      ))}
    </>
  );
}

/** The bottom band's contents: the payment logos (or room for them) and powered-by, as the brand says. */
export function BottomParts() {
  const parts = useBrand().footerParts;
  return (
    <>
      {parts.paymentLogos ? <PaymentLogos /> : <div />}
      {parts.poweredBy ? <PoweredBy /> : null}
    </>
  );
}
