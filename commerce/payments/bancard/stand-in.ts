// A local stand-in for Bancard vPOS 2.0 on its own port: the same API paths, bodies, md5
// tokens and error answers as Bancard (protocol.ts), its framed and hosted card forms, the
// 3-D Secure challenge, card registration and the checkout script, all in memory. When a
// payer pays it posts the signed confirmation to the shop (server to server), then sends the
// payer back to the return_url. It never logs, and keeps no card number, only what Bancard
// shows of a card.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { BANCARD_APPROVED, bancardPages, bancardReturnStatus } from "./protocol.ts";
import { vposApi } from "./stand-in-api.ts";
import {
  behaviourOf,
  cardProblem,
  STAND_IN_CHALLENGE_CODE,
  type StandInBehaviour,
  savedCardView,
} from "./stand-in-cards.ts";
import {
  challengePage,
  checkoutScript,
  gonePage,
  paymentForm,
  registerForm,
} from "./stand-in-pages.ts";
import {
  type BancardStandInOptions,
  newId,
  type Process,
  standInState,
  text,
} from "./stand-in-state.ts";

export { bancardStandInCards } from "./stand-in-cards.ts";
export type { BancardStandInOptions };

export async function startBancardStandIn(
  options: BancardStandInOptions,
): Promise<{ url: string; close(): Promise<void> }> {
  const { host = "127.0.0.1", port = 0 } = options;
  const { app, stop } = bancardStandInApp(options);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: host, port }, () => resolve(started));
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        stop();
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      }),
  };
}

export function bancardStandInApp(options: BancardStandInOptions) {
  const state = standInState(options);
  const { processes, registrations, cards, confirmationOf, post, postLater } = state;
  const app = new Hono();
  app.route("/", vposApi(state));

  /** Decides the process, delivers the confirmation as the card says, answers the payer. */
  async function decide(c: Context, p: Process, behaviour: StandInBehaviour, code: string) {
    p.state = "decided";
    p.confirmation = confirmationOf(p, code);
    if (behaviour.kind === "late") postLater(p);
    else if (behaviour.kind !== "never") {
      await post(p);
      if (behaviour.kind === "twice") await post(p);
    }
    const status =
      code === BANCARD_APPROVED ? bancardReturnStatus.paid : bancardReturnStatus.notPaid;
    return backTo(c, p.returnUrl, status, p.confirmation.response_description ?? "");
  }

  function backTo(c: Context, returnUrl: string, status: string, description: string) {
    const url = new URL(returnUrl);
    url.searchParams.set("status", status);
    if (description) url.searchParams.set("description", description);
    return c.redirect(url.toString(), 303);
  }

  /** Pages: never cached; their forms post here and may be redirected to the shop. */
  function pageHeaders(c: Context, ...urls: (string | undefined)[]) {
    const origins = urls.flatMap((u) => (u && URL.canParse(u) ? [new URL(u).origin] : []));
    c.header("Cache-Control", "no-store");
    c.header(
      "Content-Security-Policy",
      `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self' ${origins.join(" ")}`,
    );
  }

  // --- The pages -----------------------------------------------------------------------

  app.get(bancardPages.script, (c) => {
    c.header("Content-Type", "application/javascript; charset=utf-8");
    c.header("Cache-Control", "no-store");
    return c.body(checkoutScript(new URL(c.req.url).origin));
  });

  const cardForm = (c: Context) => {
    const p = processes.get(c.req.query("process_id") ?? "");
    pageHeaders(c, p?.returnUrl, p?.cancelUrl);
    if (!p || p.state === "decided" || p.state === "rolled_back") return c.html(gonePage(), 404);
    if (p.state === "challenge")
      return c.html(challengePage({ processId: p.processId, error: null }));
    return c.html(paymentForm({ ...p, error: null }));
  };
  app.get(bancardPages.checkout, cardForm);
  app.get(bancardPages.hosted, cardForm);
  app.get(bancardPages.charge3ds, cardForm);

  app.post(`${bancardPages.checkout}/pay`, async (c) => {
    const form = await c.req.parseBody();
    const p = processes.get(text(form.process_id, 64));
    pageHeaders(c, p?.returnUrl, p?.cancelUrl);
    if (p?.state !== "open") return c.html(gonePage(), 404);
    const card = {
      number: text(form.number, 40).replace(/[\s-]/g, ""),
      expiry: text(form.expiry, 10).trim(),
      cvv: text(form.cvv, 10).trim(),
      installments: Number(text(form.installments, 3)) || 1,
    };
    const problem = cardProblem(card, new Date());
    if (problem) return c.html(paymentForm({ ...p, error: problem }), 422);
    const behaviour = behaviourOf(card.number);
    if (behaviour.kind === "challenge") {
      p.state = "challenge";
      p.after = { kind: "decide", responseCode: BANCARD_APPROVED };
      return c.html(challengePage({ processId: p.processId, error: null }));
    }
    const code = "responseCode" in behaviour ? behaviour.responseCode : BANCARD_APPROVED;
    return decide(c, p, behaviour, code);
  });

  app.post(`${bancardPages.charge3ds}/pay`, async (c) => {
    const form = await c.req.parseBody();
    const p = processes.get(text(form.process_id, 64));
    pageHeaders(c, p?.returnUrl);
    if (p?.state !== "challenge") return c.html(gonePage(), 404);
    const passed = text(form.code, 20).trim() === STAND_IN_CHALLENGE_CODE;
    const after = p.after ?? { kind: "decide", responseCode: BANCARD_APPROVED };
    return decide(c, p, after, passed ? BANCARD_APPROVED : "12");
  });

  app.get(bancardPages.registerCard, (c) => {
    const processId = c.req.query("process_id") ?? "";
    const registration = registrations.get(processId);
    pageHeaders(c, registration?.returnUrl);
    if (!registration) return c.html(gonePage(), 404);
    return c.html(registerForm({ processId, error: null }));
  });

  app.post(`${bancardPages.registerCard}/save`, async (c) => {
    const form = await c.req.parseBody();
    const processId = text(form.process_id, 64);
    const registration = registrations.get(processId);
    pageHeaders(c, registration?.returnUrl);
    if (!registration) return c.html(gonePage(), 404);
    const card = {
      number: text(form.number, 40).replace(/[\s-]/g, ""),
      expiry: text(form.expiry, 10).trim(),
      cvv: text(form.cvv, 10).trim(),
      installments: 1,
    };
    const problem = cardProblem(card, new Date());
    if (problem) return c.html(registerForm({ processId, error: problem }), 422);
    registrations.delete(processId);
    const own = cards.get(registration.userId) ?? [];
    own.push({
      cardId: registration.cardId,
      alias: newId(),
      view: savedCardView(card.number, card.expiry),
      behaviour: behaviourOf(card.number),
    });
    cards.set(registration.userId, own);
    return backTo(c, registration.returnUrl, bancardReturnStatus.cardAdded, "Tarjeta registrada");
  });

  return { app, stop: state.stop };
}
