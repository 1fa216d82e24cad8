// /door (door staff only, decision 0042): the door check. Staff name their entrance and,
// optionally, the performance they admit, then type, paste or scan a ticket code; the answer
// shows big, in colour and in words, takes the focus, and the code field is empty for the
// next one. A plain form: it works without JavaScript; with it a camera scanner may appear.

import { endpoints } from "@contract";
import { useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { ClientOnly } from "remix-utils/client-only";
import { ErrorSummary } from "~/components/error-summary";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { forbidden } from "~/lib/responses";
import { seoMeta } from "~/lib/seo";
import { unavailableNow } from "~/services/commerce.server";
import { getT } from "~/services/i18n.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/route";
import { CameraScan } from "./camera-scan";
import {
  type DoorFormValues,
  doorPerformances,
  doorSettings,
  keepDoorSettings,
  readScanForm,
  requireDoorStaff,
} from "./door.server";
import { DoorResult } from "./door-result";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireDoorStaff(args);
  const performances = await doorPerformances(shop);
  const settings = doorSettings(shop);
  const t = getT(args.context);
  return {
    performances,
    entrance: settings.entrance,
    // A performance no longer listed (long past) is not offered again.
    performanceId: performances.some((p) => p.idFuncion === settings.performanceId)
      ? settings.performanceId
      : null,
    seo: seoFor(args, {
      title: t("account:door.title"),
      description: t("account:door.title"),
      noindex: true,
    }),
  };
}

type Refused = {
  values: DoorFormValues;
  fieldErrors: Partial<Record<keyof DoorFormValues, string[]>>;
  formError?: string;
};

export async function action(args: Route.ActionArgs) {
  const shop = requireDoorStaff(args);
  const scan = readScanForm(await args.request.formData());
  if (!scan.ok) {
    return data<Refused>({ values: scan.values, fieldErrors: scan.fieldErrors }, { status: 400 });
  }
  const { request } = scan;
  keepDoorSettings(shop, request.cEntrada, request.idFuncion);
  const result = await shop.commerce.call(endpoints.doorCheck, { body: request });
  if (result.ok) {
    // A new key per answer: the form starts again, its code field empty.
    return { check: result.data, scan: crypto.randomUUID() };
  }
  if (result.code === "FORBIDDEN") throw forbidden("door");
  return data<Refused>(
    {
      values: scan.values,
      fieldErrors: result.fieldErrors ?? {},
      formError: result.message,
    },
    { status: unavailableNow(result) ? 503 : 400 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

const fieldIds = { cCodigo: "door-code", cEntrada: "door-entrance", idFuncion: "door-performance" };

export default function DoorCheckPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const refused = actionData && "values" in actionData ? actionData : null;
  const answered = actionData && "check" in actionData ? actionData : null;
  const values: DoorFormValues = refused?.values ?? {
    cCodigo: "",
    cEntrada: loaderData.entrance,
    idFuncion: loaderData.performanceId === null ? "" : String(loaderData.performanceId),
  };
  const errors = refused?.fieldErrors ?? {};
  const errorText = (keys?: string[]) =>
    keys?.map((key) => t(`validation:${key}`, { defaultValue: t("validation:invalid") })).join(" ");
  const summary = (Object.keys(fieldIds) as Array<keyof typeof fieldIds>)
    .filter((name) => errors[name]?.length)
    .map((name) => ({ id: fieldIds[name], message: errorText(errors[name]) ?? "" }));
  const busy = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);

  const fieldProps = (name: keyof typeof fieldIds) =>
    errors[name]?.length
      ? { "aria-invalid": true as const, "aria-describedby": `${fieldIds[name]}-error` }
      : {};
  const fieldError = (name: keyof typeof fieldIds) =>
    errors[name]?.length ? (
      <p id={`${fieldIds[name]}-error`} className="field-error">
        {errorText(errors[name])}
      </p>
    ) : null;

  return (
    <section aria-labelledby="door-heading" className="max-w-xl">
      <h1 id="door-heading">{t("account:door.title")}</h1>
      {answered ? <DoorResult check={answered.check} scan={answered.scan} /> : null}
      <Form method="post" ref={formRef} key={answered?.scan ?? "door"} noValidate>
        <ErrorSummary
          id="door-errors"
          messages={refused?.formError ? [refused.formError] : []}
          fields={summary}
          attempt={refused}
        />
        <div className="field">
          <label htmlFor={fieldIds.cCodigo}>{t("account:door.code")}</label>
          <input
            id={fieldIds.cCodigo}
            name="cCodigo"
            type="text"
            defaultValue={values.cCodigo}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            className="font-mono"
            {...fieldProps("cCodigo")}
          />
          {fieldError("cCodigo")}
        </div>
        <button type="submit" className="button-primary w-full mb-6" disabled={busy}>
          {t("account:door.submit")}
        </button>
        <fieldset className="mb-4">
          <legend className="font-semibold mb-1">{t("account:door.thisDoor")}</legend>
          <div className="field">
            <label htmlFor={fieldIds.cEntrada}>{t("account:door.entrance")}</label>
            <input
              id={fieldIds.cEntrada}
              name="cEntrada"
              type="text"
              defaultValue={values.cEntrada}
              maxLength={60}
              autoComplete="off"
              {...fieldProps("cEntrada")}
            />
            {fieldError("cEntrada")}
          </div>
          <div className="field">
            <label htmlFor={fieldIds.idFuncion}>{t("account:door.performance")}</label>
            <select
              id={fieldIds.idFuncion}
              name="idFuncion"
              defaultValue={values.idFuncion}
              {...fieldProps("idFuncion")}
            >
              <option value="">{t("account:door.anyPerformance")}</option>
              <PerformanceOptions performances={loaderData.performances} locale={locale} />
            </select>
            {fieldError("idFuncion")}
          </div>
        </fieldset>
      </Form>
      <ClientOnly fallback={null}>{() => <CameraScan form={formRef} />}</ClientOnly>
      <section aria-labelledby="door-offline-heading" className="mt-8">
        <h2 id="door-offline-heading">{t("account:door.offlineTitle")}</h2>
        <p>{t("account:door.offlineText")}</p>
        <a href="/door/public-key.pem" download className="button-secondary">
          {t("account:door.downloadKey")}
        </a>
        {loaderData.performances.length > 0 ? (
          // A plain GET form: the file downloads with or without JavaScript.
          <form method="get" action="/door/cancelled-tickets.json" className="mt-6">
            <p>{t("account:door.cancelledText")}</p>
            <div className="field">
              <label htmlFor="door-cancelled-performance">
                {t("account:door.cancelledPerformance")}
              </label>
              <select
                id="door-cancelled-performance"
                name="idFuncion"
                defaultValue={loaderData.performanceId ?? loaderData.performances[0].idFuncion}
              >
                <PerformanceOptions performances={loaderData.performances} locale={locale} />
              </select>
            </div>
            <button type="submit" className="button-secondary">
              {t("account:door.downloadCancelled")}
            </button>
          </form>
        ) : null}
      </section>
    </section>
  );
}

/** The performances as options, labelled alike in the door check's list and the download's. */
function PerformanceOptions({
  performances,
  locale,
}: {
  performances: Route.ComponentProps["loaderData"]["performances"];
  locale: Locale;
}) {
  return performances.map((performance) => (
    <option key={performance.idFuncion} value={performance.idFuncion}>
      {performance.cEspectaculo} · {performance.cEstablecimiento} ·{" "}
      {formatDateTime(performance.oFuncionFecha.dFecha, locale)}
    </option>
  ));
}
