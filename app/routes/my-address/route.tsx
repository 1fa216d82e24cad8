// /myAddress (login required): the customer's addresses; add, edit, make default, delete
// (after a confirmation). Every action is a plain form or link; see
// components/contact-book.tsx. The province list follows the country (province-field.tsx).
import { getFormProps } from "@conform-to/react";
import { type Address, addressTypes, countryCodes, subdivisionName } from "@contract";
import { Form } from "react-router";
import {
  type BookEntry,
  BookFormEnd,
  bookFormKey,
  ContactBookPage,
  replyOf,
} from "~/components/contact-book";
import { FormErrors, SelectField, TextField, useShopForm } from "~/components/field";
import { addressForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import {
  type BookActionData,
  contactBookAction,
  loadContactBook,
} from "~/services/contact-book.server";
import type { Route } from "./+types/route";
import { addressBook } from "./addresses.server";
import { ProvinceField } from "./province-field";

export const loader = (args: Route.LoaderArgs) =>
  loadContactBook(
    args,
    "addresses",
    (info) => info.aDomicilios,
    (address) => address.idClienteDomicilio,
  );

export const action = (args: Route.ActionArgs) => contactBookAction(args, addressBook);

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function MyAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { entries, editing, deleting, returnTo } = loaderData;
  const entryOf = (address: Address): BookEntry => {
    const street = [address.cCalle, address.cNumero].join(" ");
    const unit = [address.cPiso, address.cDepartamento].filter(Boolean).join(" ");
    return {
      id: address.idClienteDomicilio,
      isDefault: address.lPredeterminado,
      title: unit ? `${street}, ${unit}` : street,
      details: [
        t(`account:addresses.types.${address.cTipo}`),
        `${address.cCodigoPostal} ${address.cLocalidad}`,
        subdivisionName(address.cProvincia) ?? address.cProvincia,
        t(`places:countries.${address.cPais}`),
        address.cReferente ? t("account:addresses.askFor", { name: address.cReferente }) : "",
      ]
        .filter(Boolean)
        .join(" · "),
    };
  };
  return (
    <ContactBookPage
      book="addresses"
      path="/myAddress"
      entries={entries.map(entryOf)}
      deleting={deleting ? entryOf(deleting) : null}
      actionData={actionData}
      returnTo={returnTo}
    >
      <AddressForm
        key={bookFormKey(editing?.idClienteDomicilio, entries)}
        editing={editing}
        actionData={actionData}
        returnTo={returnTo}
      />
    </ContactBookPage>
  );
}

function AddressForm({
  editing,
  actionData,
  returnTo,
}: {
  editing: Address | null;
  actionData: BookActionData | undefined;
  returnTo: string | null;
}) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm(addressForm, {
    id: "address-form",
    lastResult: replyOf(actionData),
    defaultValue: editing
      ? {
          cTipo: editing.cTipo,
          cReferente: editing.cReferente ?? "",
          cCalle: editing.cCalle,
          cNumero: editing.cNumero,
          cPiso: editing.cPiso ?? "",
          cDepartamento: editing.cDepartamento ?? "",
          cPais: editing.cPais,
          cProvincia: editing.cProvincia,
          cLocalidad: editing.cLocalidad,
          cCodigoPostal: editing.cCodigoPostal,
        }
      : undefined,
  });
  const heading = editing ? t("account:addresses.editTitle") : t("account:addresses.addTitle");
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="address-form-title"
      className="panel"
    >
      <h2 id="address-form-title">{heading}</h2>
      <FormErrors form={form} />
      {editing ? (
        <input type="hidden" name="idClienteDomicilio" value={editing.idClienteDomicilio} />
      ) : null}
      {returnTo ? <input type="hidden" name="volver" value={returnTo} /> : null}
      <div className="grid sm:grid-cols-2 gap-x-4 [&>*]:min-w-0">
        <SelectField
          meta={fields.cTipo}
          label={t("account:addresses.type")}
          placeholder={t("account:fields.choose")}
          options={addressTypes.map((value) => ({
            value,
            label: t(`account:addresses.types.${value}`),
          }))}
        />
        <TextField
          meta={fields.cReferente}
          label={t("account:addresses.referrer")}
          autoComplete="name"
        />
        <TextField
          meta={fields.cCalle}
          label={t("account:addresses.street")}
          autoComplete="address-line1"
        />
        <TextField meta={fields.cNumero} label={t("account:addresses.number")} />
        <TextField meta={fields.cPiso} label={t("account:addresses.floor")} />
        <TextField meta={fields.cDepartamento} label={t("account:addresses.apartment")} />
        <SelectField
          meta={fields.cPais}
          label={t("account:geo.country")}
          placeholder={t("account:fields.choose")}
          options={countryCodes.map((value) => ({
            value,
            label: t(`places:countries.${value}`),
          }))}
        />
        <ProvinceField meta={fields.cProvincia} country={fields.cPais.value} />
        <TextField
          meta={fields.cLocalidad}
          label={t("account:addresses.location")}
          autoComplete="address-level2"
        />
        <TextField
          meta={fields.cCodigoPostal}
          label={t("account:addresses.zip")}
          autoComplete="postal-code"
        />
      </div>
      <BookFormEnd
        book="addresses"
        path="/myAddress"
        editing={editing ? { isDefault: editing.lPredeterminado } : null}
        defaultField={fields.lPredeterminado}
      />
    </Form>
  );
}
