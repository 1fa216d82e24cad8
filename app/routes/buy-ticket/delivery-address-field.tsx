// The address of a home delivery: one of the buyer's saved addresses, or a way to add one
// that comes back to this purchase. Without JavaScript it is always shown (it only counts for
// home delivery); with it, only while home delivery is chosen.
import type { FieldMetadata } from "@conform-to/react";
import { type Address, subdivisionName } from "@contract";
import { Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { FieldErrors, SelectField } from "~/components/field";
import { addressLine } from "~/lib/address-line";
import { useTranslation } from "~/lib/i18n";
import { addAddressForPurchasePath } from "~/lib/purchase-return";

export function DeliveryAddressField({
  meta,
  addresses,
  homeChosen,
  processId,
}: {
  meta: FieldMetadata<unknown>;
  addresses: readonly Address[];
  homeChosen: boolean;
  processId: number;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (hydrated && !homeChosen) return null;
  const addLink = (
    <Link to={addAddressForPurchasePath(processId)}>{t("checkout:homeDelivery.addAddress")}</Link>
  );
  if (addresses.length === 0) {
    return (
      <div className="field" id={meta.id}>
        <p className="text-sm">
          {t("checkout:homeDelivery.noAddress")} {addLink}
        </p>
        <FieldErrors id={meta.errorId} errors={meta.errors} />
      </div>
    );
  }
  return (
    <div>
      <SelectField
        meta={meta as FieldMetadata<string | number | undefined>}
        label={t("checkout:homeDelivery.address")}
        options={addresses.map((address) => ({
          value: String(address.idClienteDomicilio),
          label: `${addressLine(address)}, ${subdivisionName(address.cProvincia) ?? address.cProvincia}`,
        }))}
      />
      <p className="text-sm -mt-2 mb-4">{addLink}</p>
    </div>
  );
}
