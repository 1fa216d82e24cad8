// The answer of one scan, for someone glancing at a phone in a queue: a colour, a sign AND
// words (never the colour alone), then what the ticket is for and, for a ticket used before,
// when and at which entrance. Its heading takes the focus, so a screen reader says it at once.
import type { DoorCheck } from "@contract";
import { useEffect, useRef } from "react";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";

export function DoorResult({ check, scan }: { check: DoorCheck; scan: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new scan takes the focus.
  useEffect(() => {
    heading.current?.focus();
  }, [scan]);
  const admitted = check.cResultado === "ADMITTED";
  const ticket = check.oTicket;
  const place = ticket
    ? [
        ticket.cSector,
        ticket.cFila ? t("account:door.row", { row: ticket.cFila }) : null,
        ticket.nNumero !== null ? t("account:door.seat", { seat: ticket.nNumero }) : null,
      ]
        .filter(Boolean)
        .join(" · ")
    : null;
  return (
    <section
      aria-labelledby="door-result-heading"
      data-result={check.cResultado}
      className={`rounded-xl border-4 p-5 mb-6 ${
        admitted
          ? "border-green-700 bg-green-50 text-green-950"
          : "border-red-700 bg-red-50 text-red-950"
      }`}
    >
      <h2
        id="door-result-heading"
        ref={heading}
        tabIndex={-1}
        // biome-ignore lint/a11y/noAutofocus: the answer is what staff need first (without JavaScript too).
        autoFocus
        className="text-3xl font-bold mb-2"
      >
        <span aria-hidden="true">{admitted ? "✓ " : "✗ "}</span>
        {t(`account:door.results.${check.cResultado}`)}
      </h2>
      <p className="text-lg font-semibold">
        {t(`account:door.help.${check.cResultado}`, {
          when: check.dUso ? formatDateTime(check.dUso, locale) : "",
          entrance: check.cEntrada ?? "",
        })}
      </p>
      {ticket ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 mt-3">
          <dt className="font-semibold">{t("account:door.show")}</dt>
          <dd>{ticket.cEspectaculo}</dd>
          <dt className="font-semibold">{t("account:door.when")}</dt>
          <dd>
            {ticket.oFuncionFecha ? formatDateTime(ticket.oFuncionFecha.dFecha, locale) : "—"} ·{" "}
            {ticket.cEstablecimiento}
          </dd>
          <dt className="font-semibold">{t("account:door.place")}</dt>
          <dd>{place}</dd>
          {ticket.cTitular ? (
            <>
              <dt className="font-semibold">{t("account:door.holder")}</dt>
              <dd>{ticket.cTitular}</dd>
            </>
          ) : null}
          <dt className="font-semibold">{t("account:door.ticket")}</dt>
          <dd>{ticket.idTicket}</dd>
        </dl>
      ) : null}
    </section>
  );
}
