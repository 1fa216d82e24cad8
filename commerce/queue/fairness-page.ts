// The fairness page (GET /cola/equidad?qid=…): the fairness report as plain HTML, with the
// algorithm told so that anyone can recompute the order by hand or with
// scripts/verify-queue.ts.
import { html } from "hono/html";
import type { FairnessReport } from "../contract/queue.ts";
import type { Language, translate } from "../i18n.ts";
import { formatDateTime, formatSeconds, queuePage } from "./page-shell.ts";

type T = ReturnType<typeof translate>;

export function fairnessPage(
  report: FairnessReport,
  title: string,
  page: { language: Language; nonce: string },
  t: T,
) {
  const { language } = page;
  const f = (key: string, options?: Record<string, unknown>) => t(`queue:fairness.${key}`, options);
  const counts = report.oCantidades;
  const list = (codes: string[]) =>
    codes.length === 0
      ? html`<p>${f("noPreQueue")}</p>`
      : html`<ol>${codes.map((code) => html`<li><code>${code}</code></li>`)}</ol>`;
  const perMinute =
    report.listaAdmitidosPorMinuto.length === 0
      ? html`<p>${f("noAdmissions")}</p>`
      : html`<table><caption>${f("admittedPerMinute")}</caption>
<thead><tr><th scope="col">${f("minute")}</th><th scope="col">${f("admitted")}</th></tr></thead>
<tbody>${report.listaAdmitidosPorMinuto.map(
          (admitted, minute) => html`<tr><td>${minute + 1}</td><td>${admitted}</td></tr>`,
        )}</tbody></table>`;
  const heading = f("heading", { title });
  return queuePage(
    { ...page, title: f("pageTitle", { title }) },
    html`<h1>${heading}</h1>
<p>${f("intro")}</p>
<dl>
<dt>${f("saleStart")}</dt><dd>${formatDateTime(language, new Date(report.dInicioVenta))}</dd>
<dt>${f("commitment")}</dt><dd><code>${report.cCompromiso}</code></dd>
<dt>${f("seed")}</dt><dd>${report.cSemilla ? html`<code>${report.cSemilla}</code>` : f("notRevealed")}</dd>
</dl>
<h2>${f("howHeading")}</h2>
<ol><li>${f("how1")}</li><li>${f("how2")}</li><li>${f("how3")}</li><li>${f("how4")}</li></ol>
<p><a href="/v2/Cola/${report.idFuncion}/Equidad">${f("json")}</a></p>
<h2>${f("statsHeading")}</h2>
${perMinute}
<dl>
<dt>${f("median")}</dt><dd>${formatSeconds(t, report.nEsperaMedianaSegundos)}</dd>
<dt>${f("p95")}</dt><dd>${formatSeconds(t, report.nEsperaP95Segundos)}</dd>
</dl>
<h2>${f("counts")}</h2>
<dl>
<dt>${f("waiting")}</dt><dd>${counts.nEsperando}</dd>
<dt>${f("letIn")}</dt><dd>${counts.nAdmitidos}</dd>
<dt>${f("active")}</dt><dd>${counts.nActivos}</dd>
<dt>${f("expired")}</dt><dd>${counts.nVencidos}</dd>
<dt>${f("left")}</dt><dd>${counts.nSalieron}</dd>
</dl>
<h2>${f("preQueueHeading")}</h2>
${list(report.listaPrecola)}
<h2>${f("orderHeading")}</h2>
${list(report.listaOrden)}`,
  );
}
