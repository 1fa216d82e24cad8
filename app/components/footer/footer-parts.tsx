// Parts that footer variants share. Which of the optional ones (§1: newsletter, withdrawal,
// consumer defence, payment logos, powered-by) a brand shows is its footerParts.

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
