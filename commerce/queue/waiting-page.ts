// The waiting page (GET /cola?qid=…) and its poll's answer (GET /cola/estado?qid=…), both
// from one view of the visitor's status, so the script only swaps texts the page already has.
import { html } from "hono/html";
import type { Language, translate } from "../i18n.ts";
import { formatDateTime, queuePage } from "./page-shell.ts";
import type { PollStatus } from "./poll.ts";

type T = ReturnType<typeof translate>;

/** The texts the poll updates, by element id. */
export type StatusLines = {
  "cola-posicion": string;
  "cola-delante": string;
  "cola-espera": string;
  "cola-actualizado": string;
};

export type StatusAnswer = {
  estado: PollStatus["kind"];
  delante: number | null;
  /** Where to go now (a turn's link, or the performance). */
  url: string | null;
  lineas: StatusLines | null;
  anuncio: string;
};

export function statusAnswer(status: PollStatus, language: Language, t: T): StatusAnswer {
  const base = { estado: status.kind, delante: null, url: null, lineas: null, anuncio: "" };
  switch (status.kind) {
    case "before-start":
      return {
        ...base,
        lineas: {
          "cola-posicion": t("queue:positionPending"),
          "cola-delante": "–",
          "cola-espera": t("queue:waitAtStart"),
          "cola-actualizado": formatDateTime(language, status.readAt, true),
        },
      };
    case "waiting":
      return {
        ...base,
        delante: status.ahead,
        lineas: {
          "cola-posicion": String(status.position),
          "cola-delante": String(status.ahead),
          "cola-espera": t("queue:waitMinutes", { count: status.waitMinutes }),
          "cola-actualizado": formatDateTime(language, status.readAt, true),
        },
        anuncio: t("queue:announceAhead", { count: status.ahead }),
      };
    case "turn":
      return { ...base, url: status.url, anuncio: t("queue:announceTurn") };
    case "through":
      return { ...base, url: status.url };
    case "no-queue":
      return base;
    default:
      return { ...base, url: status.path };
  }
}

const fairnessLink = (qid: number, t: T) =>
  html`<p><a href="/cola/equidad?qid=${qid}">${t("queue:fairnessLink")}</a></p>`;

function waitingBody(status: PollStatus, qid: number, language: Language, t: T) {
  const answer = statusAnswer(status, language, t);
  const lines = answer.lineas;
  if (!lines || (status.kind !== "waiting" && status.kind !== "before-start")) return null;
  const start =
    status.kind === "before-start"
      ? html`<p>${t("queue:beforeStart", { start: formatDateTime(language, status.saleStartsAt) })}</p>`
      : "";
  return html`${start}
<dl>
<dt>${t("queue:turnCode")}</dt><dd><code>${status.turnCode}</code></dd>
<dt>${t("queue:position")}</dt><dd id="cola-posicion">${lines["cola-posicion"]}</dd>
<dt>${t("queue:ahead")}</dt><dd id="cola-delante">${lines["cola-delante"]}</dd>
<dt>${t("queue:wait")}</dt><dd id="cola-espera">${lines["cola-espera"]}</dd>
<dt>${t("queue:updated")}</dt><dd id="cola-actualizado">${lines["cola-actualizado"]}</dd>
</dl>
<p id="cola-anuncio" role="status" aria-live="polite"></p>
<p>${t("queue:keepOpen")}</p>
<form method="post" action="/cola/salir?qid=${qid}"><button type="submit">${t("queue:leave")}</button></form>
${fairnessLink(qid, t)}`;
}

/** The whole page for a status; its HTTP status is 404 only when there is no queue. */
export function waitingPage(
  status: PollStatus,
  qid: number,
  page: { language: Language; nonce: string },
  t: T,
) {
  const { language, nonce } = page;
  const titled = (heading: string, body: unknown, options: { refresh?: boolean } = {}) =>
    queuePage(
      { language, nonce, title: heading, script: true, refresh: options.refresh },
      html`<h1>${heading}</h1>${body}`,
    );
  const data = (answer: StatusAnswer) =>
    html`<div id="cola" data-qid="${qid}" data-estado="${answer.estado}" data-delante="${answer.delante ?? ""}" data-url="${answer.url ?? ""}" hidden></div>`;
  const answer = statusAnswer(status, language, t);
  switch (status.kind) {
    case "no-queue":
      return queuePage(
        { language, nonce, title: t("queue:noQueue") },
        html`<h1>${t("queue:noQueue")}</h1>`,
      );
    case "before-start":
    case "waiting":
      return titled(
        t("queue:heading", { title: status.title }),
        html`${data(answer)}${waitingBody(status, qid, language, t)}`,
        { refresh: true },
      );
    case "turn":
      return titled(
        t("queue:turnHeading"),
        html`${data(answer)}<p>${t("queue:turnText", { count: status.windowMinutes })}</p>
<p><a class="go" href="${status.url}">${t("queue:turnLink")}</a></p>`,
      );
    case "through":
      return titled(
        t("queue:heading", { title: status.title }),
        html`<p>${t("queue:throughText")}</p><p><a class="go" href="${status.url}">${t("queue:turnLink")}</a></p>`,
      );
    case "gone":
      return titled(
        t("queue:goneHeading"),
        html`<p>${t("queue:goneText")}</p><p><a class="go" href="${status.path}">${t("queue:rejoin")}</a></p>${fairnessLink(qid, t)}`,
      );
    case "off":
      return titled(
        t("queue:heading", { title: status.title }),
        html`<p>${t("queue:off")}</p><p><a class="go" href="${status.path}">${t("queue:goOn")}</a></p>`,
      );
    case "no-place":
      return titled(
        t("queue:heading", { title: status.title }),
        html`<p>${t("queue:noPlace")}</p><p><a class="go" href="${status.path}">${t("queue:goOn")}</a></p>${fairnessLink(qid, t)}`,
      );
  }
}
