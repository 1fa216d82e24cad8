// /myPhone (login required): the customer's phones; add, edit, make default, delete (after a
// confirmation). Every action is a plain form or link; see components/contact-book.tsx.
import { getFormProps } from "@conform-to/react";
import { type Phone, phoneTypes } from "@contract";
import { Form } from "react-router";
import {
  type BookEntry,
  BookFormEnd,
  bookFormKey,
  ContactBookPage,
  replyOf,
} from "~/components/contact-book";
import { FormErrors, SelectField, TextField, useShopForm } from "~/components/field";
import { phoneForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import {
  type BookActionData,
  contactBookAction,
  loadContactBook,
} from "~/services/contact-book.server";
import type { Route } from "./+types/route";
import { phoneBook } from "./phones.server";

export const loader = (args: Route.LoaderArgs) =>
  loadContactBook(
    args,
    "phones",
    (info) => info.aTelefonos,
    (phone) => phone.idClienteTelefono,
  );

export const action = (args: Route.ActionArgs) => contactBookAction(args, phoneBook);

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function MyPhone({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { entries, editing, deleting } = loaderData;
  const entryOf = (phone: Phone): BookEntry => ({
    id: phone.idClienteTelefono,
    isDefault: phone.lPredeterminado,
    title: phone.cNumero,
    details: t(`account:phones.types.${phone.cTipo}`),
  });
  return (
    <ContactBookPage
      book="phones"
      path="/myPhone"
      entries={entries.map(entryOf)}
      deleting={deleting ? entryOf(deleting) : null}
      actionData={actionData}
    >
      <PhoneForm
        key={bookFormKey(editing?.idClienteTelefono, entries)}
        editing={editing}
        actionData={actionData}
      />
    </ContactBookPage>
  );
}

function PhoneForm({
  editing,
  actionData,
}: {
  editing: Phone | null;
  actionData: BookActionData | undefined;
}) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm(phoneForm, {
    id: "phone-form",
    lastResult: replyOf(actionData),
    defaultValue: editing ? { cTipo: editing.cTipo, cNumero: editing.cNumero } : undefined,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="phone-form-title"
      className="panel"
    >
      <h2 id="phone-form-title">
        {editing ? t("account:phones.editTitle") : t("account:phones.addTitle")}
      </h2>
      <FormErrors form={form} />
      {editing ? (
        <input type="hidden" name="idClienteTelefono" value={editing.idClienteTelefono} />
      ) : null}
      <div className="grid sm:grid-cols-2 gap-x-4 [&>*]:min-w-0">
        <SelectField
          meta={fields.cTipo}
          label={t("account:phones.type")}
          placeholder={t("account:fields.choose")}
          options={phoneTypes.map((value) => ({
            value,
            label: t(`account:phones.types.${value}`),
          }))}
        />
        <TextField
          meta={fields.cNumero}
          label={t("account:phones.number")}
          type="tel"
          autoComplete="tel"
        />
      </div>
      <BookFormEnd
        book="phones"
        path="/myPhone"
        editing={editing ? { isDefault: editing.lPredeterminado } : null}
        defaultField={fields.lPredeterminado}
      />
    </Form>
  );
}
