// A buyer through a storefront's own pages, as a browser without JavaScript would: the login
// form, the performance page's form (two general places), then the checkout's form paid with
// the sandbox's approved card. Cookies are kept between requests; redirects are read, not
// followed, so each step's answer can be checked.
import { randomUUID } from "node:crypto";
import { binOf, plansSeenValue } from "../../../app/lib/card-plans.ts";
import { approvedCard } from "../../../bench/onsale-load.ts";

export type StorefrontPurchase =
  | { ok: true; processId: number }
  | { ok: false; step: "take" | "pay"; status: number; body: string };

/** The hidden fields of the first form posting to `action` in `html` (name → value). */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [input] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(input)?.[1];
    if (!name || !/\btype="hidden"/.test(input)) continue;
    fields[name] = (/\bvalue="([^"]*)"/.exec(input)?.[1] ?? "").replaceAll("&amp;", "&");
  }
  return fields;
}

/** The requests of a purchase through a storefront, in order. */
export const storefrontSteps = ["take", "checkout page", "pay", "success page"] as const;
export type StorefrontStep = (typeof storefrontSteps)[number];
export type StorefrontObserver = (step: StorefrontStep, ms: number, status: number) => void;

export class StorefrontBuyer {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly origin: string,
    private readonly email: string,
    private readonly password: string,
  ) {}

  private async send(path: string, form?: Record<string, string>) {
    const headers: Record<string, string> = { "Accept-Language": "es" };
    if (this.cookies.size > 0) {
      headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    if (form) headers["Content-Type"] = "application/x-www-form-urlencoded";
    const response = await fetch(`${this.origin}${path}`, {
      method: form ? "POST" : "GET",
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(60_000),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return {
      status: response.status,
      location: response.headers.get("location") ?? "",
      body: await response.text(),
    };
  }

  async logIn(): Promise<{ ok: boolean; status: number; body: string }> {
    const page = await this.send("/login");
    const answer = await this.send("/login", {
      ...hiddenFields(page.body),
      cConfirmacionNombre: "",
      cEmail: this.email,
      cClave: this.password,
      redirectTo: "/",
    });
    return { ok: answer.status >= 300 && answer.status < 400, ...answer };
  }

  /**
   * Two places of the general sector, paid (logged in already). With `visitPages`, the
   * checkout and the success page are also loaded, as a browser does after each redirect
   * (the on-sale bench); `observe` is told each request's step, milliseconds and status.
   */
  async buy(
    sale: { path: string; generalSectorId: number },
    { visitPages = false, observe }: { visitPages?: boolean; observe?: StorefrontObserver } = {},
  ): Promise<StorefrontPurchase> {
    const timed = async (step: StorefrontStep, path: string, form?: Record<string, string>) => {
      const started = performance.now();
      const answer = await this.send(path, form);
      observe?.(step, performance.now() - started, answer.status);
      return answer;
    };
    const taken = await timed("take", sale.path, {
      intent: "places",
      [`qty-${sale.generalSectorId}`]: "2",
    });
    const processId = Number(/\/BuyTicket\/(\d+)/.exec(taken.location)?.[1]);
    if (!processId) return { ok: false, step: "take", status: taken.status, body: taken.body };
    if (visitPages) {
      const checkout = await timed("checkout page", `/BuyTicket/${processId}`);
      if (checkout.status !== 200) {
        return { ok: false, step: "take", status: checkout.status, body: checkout.body };
      }
    }
    const card = approvedCard();
    const paid = await timed("pay", `/BuyTicket/${processId}`, {
      idEntregaTipo: "1",
      nFormaDePago: "1",
      nCuotas: "1",
      // The plans of the card were "seen": one step less (the form shows them otherwise).
      cPlanesVistos: plansSeenValue(binOf(card.cNumero) ?? "", 1),
      // The card's fields as the form names them (oTarjeta.cNumero…).
      ...Object.fromEntries(
        Object.entries(card).map(([field, value]) => [`oTarjeta.${field}`, String(value)]),
      ),
      lAceptaTerminos: "on",
      cClaveIdempotencia: randomUUID(),
    });
    if (!paid.location.includes(`/BuyTicket/ok/${processId}`)) {
      return { ok: false, step: "pay", status: paid.status, body: paid.body };
    }
    if (visitPages) {
      const success = await timed("success page", new URL(paid.location, this.origin).pathname);
      if (success.status !== 200) {
        return { ok: false, step: "pay", status: success.status, body: success.body };
      }
    }
    return { ok: true, processId };
  }

  /** A page of the storefront, as this buyer (status and text). */
  page(path: string) {
    return this.send(path);
  }
}
