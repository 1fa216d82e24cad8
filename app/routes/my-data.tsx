// My data (login required): name, gender, document and birthday with the sign-up's rules,
// through Cliente/Modificar/DatosPersonales; the e-mail is shown, not changed here. The
// header's name follows a change.
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { birthDateParts, endpoints } from "@contract";
import { data, Form, redirect, useNavigation } from "react-router";
import { FormErrors, useShopForm } from "~/components/field";
import { PersonalDataFields } from "~/components/personal-data-fields";
import { personalDataForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import { orThrow, unavailableNow } from "~/services/commerce.server";
import { requireOwnAccountPages } from "~/services/external-login.server";
import { getT } from "~/services/i18n.server";
import { requireUser, updateSessionUser } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/my-data";

export async function loader(args: Route.LoaderArgs) {
  requireOwnAccountPages(args.request);
  const { commerce } = requireUser(args);
  const info = orThrow(await commerce.call(endpoints.customerInfo));
  const t = getT(args.context);
  const title = t("account:myData.title");
  const seo = seoFor(args, { title, description: title, noindex: true });
  const birth = birthDateParts(info.dNacimiento);
  return {
    title,
    seo,
    email: info.cEmail,
    current: {
      cNombre: info.cNombre,
      cApellido: info.cApellido,
      cGenero: info.cGenero,
      cTipoDocumento: info.cTipoDocumento,
      cNumeroDocumento: info.cNumeroDocumento,
      nNacimientoDia: birth ? String(birth.day) : "",
      nNacimientoMes: birth ? String(birth.month) : "",
      nNacimientoAnio: birth ? String(birth.year) : "",
    },
  };
}

export async function action(args: Route.ActionArgs) {
  requireOwnAccountPages(args.request);
  const { commerce } = requireUser(args);
  const submission = parseWithZod(await args.request.formData(), { schema: personalDataForm });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  const result = await commerce.call(endpoints.updatePersonalData, { body: submission.value });
  if (!result.ok) {
    // The API's field errors land on the form's fields (same names as its body).
    return data(
      submission.reply({ fieldErrors: result.fieldErrors ?? {}, formErrors: [result.message] }),
      { status: unavailableNow(result) ? 503 : 400 },
    );
  }
  updateSessionUser(args, { cNombre: result.data.cNombre }, "account:myData.saved");
  return redirect("/myData");
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function MyData({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm(personalDataForm, {
    lastResult: actionData,
    defaultValue: loaderData.current,
  });
  const busy = useNavigation().state === "submitting";
  return (
    <section className="max-w-xl">
      <h1>{t("account:myData.title")}</h1>
      <p>{t("account:myData.intro", { email: loaderData.email })}</p>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} />
        <PersonalDataFields fields={fields} />
        <button type="submit" className="button-primary w-full" disabled={busy}>
          {t("account:myData.submit")}
        </button>
      </Form>
    </section>
  );
}
