// The waiting room's own pages (issue 12; the spec's "external queue page"), served by the
// commerce API's process next to /v2 and mounted by the storefront's server like /sandbox/*:
//   GET  /cola?qid=…&turno=…  keeps the ticket in the colaTurno cookie, 303 to /cola?qid=…
//   GET  /cola?qid=…          the waiting page (refreshes every 20 s without JavaScript)
//   GET  /cola/estado?qid=…   the poll (JSON), from the ticket and the node's snapshot
//   POST /cola/salir?qid=…    leaves the queue
//   GET  /cola/equidad?qid=…  the fairness page
//   GET  /cola/espera.js      the page's small script (no inline script: CSP)
import { readFileSync } from "node:fs";
import { type Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { html } from "hono/html";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import type { CommerceDeps } from "../deps.ts";
import { leaveEntry } from "./entries.ts";
import { fairnessReport } from "./fairness.ts";
import { fairnessPage } from "./fairness-page.ts";
import { queuePage, queuePageContext } from "./page-shell.ts";
import { performanceInfoOf } from "./performance-info.ts";
import { pollQueue } from "./poll.ts";
import { ticketKeyOf, WAITING_TICKET_HOURS } from "./turn.ts";
import { statusAnswer, waitingPage } from "./waiting-page.ts";
import { waitingRoomOf } from "./waiting-room.ts";
import { readWaitingTicket } from "./waiting-ticket.ts";

export const WAITING_COOKIE = "colaTurno";

const script = readFileSync(new URL("./espera.js", import.meta.url), "utf8");

/** The performance id of ?qid=: digits only, 1 … 2^31-1; else null. */
function qidOf(c: Context): number | null {
  const text = c.req.query("qid") ?? "";
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

function keepTicket(c: Context, ticket: string) {
  setCookie(c, WAITING_COOKIE, ticket, {
    path: "/cola",
    httpOnly: true,
    sameSite: "Lax",
    secure: new URL(c.req.url).protocol === "https:",
    maxAge: WAITING_TICKET_HOURS * 3600,
  });
}

export function queuePages(
  deps: Pick<CommerceDeps, "db" | "now" | "ticketSecret" | "queueSigningKey">,
  options: { storefrontUrl: string },
) {
  const pages = new Hono().basePath("/cola");
  /** The visitor's poll by their cookie (renewed when the answer carries a new ticket). */
  const pollFor = async (c: Context, qid: number) => {
    const answer = await pollQueue(deps, {
      performanceId: qid,
      ticket: getCookie(c, WAITING_COOKIE),
      storefrontUrl: options.storefrontUrl,
    });
    if (answer.renewedTicket) keepTicket(c, answer.renewedTicket);
    const status: 200 | 404 = answer.status.kind === "no-queue" ? 404 : 200;
    return { poll: answer.status, status };
  };
  const badAddress = (c: Context) => {
    const { language, t, nonce } = queuePageContext(c);
    return c.html(
      queuePage(
        { language, nonce, title: t("queue:badAddress") },
        html`<h1>${t("queue:badAddress")}</h1>`,
      ),
      400,
    );
  };

  pages.get("/", async (c) => {
    const qid = qidOf(c);
    if (qid === null) return badAddress(c);
    const given = c.req.query("turno");
    if (given !== undefined) {
      // Only a genuine ticket of this queue is kept; either way the address bar is cleaned.
      const ticket = readWaitingTicket(ticketKeyOf(deps), given, deps.now());
      if (ticket?.performanceId === qid) keepTicket(c, given);
      c.header("Cache-Control", "no-store");
      return c.redirect(`/cola?qid=${qid}`, 303);
    }
    const { language, t, nonce } = queuePageContext(c);
    const { poll, status } = await pollFor(c, qid);
    return c.html(waitingPage(poll, qid, { language, nonce }, t), status);
  });

  pages.get("/estado", async (c) => {
    const qid = qidOf(c);
    c.header("Cache-Control", "no-store");
    if (qid === null) return c.json({ estado: "bad-address" }, 400);
    const { language, t } = queuePageContext(c);
    const { poll, status } = await pollFor(c, qid);
    return c.json(statusAnswer(poll, language, t), status);
  });

  pages.post("/salir", async (c) => {
    const qid = qidOf(c);
    if (qid === null) return badAddress(c);
    const text = getCookie(c, WAITING_COOKIE);
    const ticket = text ? readWaitingTicket(ticketKeyOf(deps), text, deps.now()) : null;
    if (ticket?.performanceId === qid) {
      await leaveEntry(deps.db, ticket.entryId, qid);
      waitingRoomOf(deps).markGone(ticket.entryId);
    }
    return c.redirect(`/cola?qid=${qid}`, 303);
  });

  pages.get("/equidad", async (c) => {
    const qid = qidOf(c);
    if (qid === null) return badAddress(c);
    const { language, t, nonce } = queuePageContext(c);
    const info = await performanceInfoOf(deps.db, qid);
    const report = info ? await fairnessReport(deps.db, qid).catch(() => null) : null;
    if (!info || !report) {
      return c.html(
        queuePage(
          { language, nonce, title: t("queue:noQueue") },
          html`<h1>${t("queue:noQueue")}</h1>`,
        ),
        404,
      );
    }
    return c.html(fairnessPage(report, info.title, { language, nonce }, t));
  });

  pages.get("/espera.js", (c) =>
    c.body(script, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    }),
  );

  pages.all("*", (c) => c.text("Not Found", 404));
  // The database is down (decision 0051): the visitor keeps their place and cookie; the page
  // says so (without JavaScript it reloads itself), never a stack trace.
  pages.onError((error, c) => {
    if (!isDatabaseUnavailable(error)) throw error;
    c.header("Cache-Control", "no-store");
    c.header("Retry-After", "10");
    if (c.req.path.endsWith("/estado")) return c.json({ estado: "unavailable" }, 503);
    const { language, t, nonce } = queuePageContext(c);
    return c.html(
      queuePage(
        { language, nonce, title: t("queue:unavailable"), refresh: true },
        html`<h1>${t("queue:unavailable")}</h1>`,
      ),
      503,
    );
  });
  return pages;
}
