// A provider whose own page takes the payment (decision 0077): Bancard vPOS 2.0 (its card form,
// embedded in the checkout or as its hosted page) and PayPal (its approval page). The shop
// never sees a card number: it opens the payment, sends the payer (or frames the form), and
// learns the outcome from the provider's confirmation, its return, or by asking. Its
// follow-up (lookup, refund, cancel) is the one every payment has (payment-providers.ts).
import type { Language } from "../i18n.ts";
import type { ChargeOutcome } from "./provider.ts";

/** One of the shop's payments as a provider is asked about it. */
export type PaymentRef = {
  /** payments.id: the shop's number for it (Bancard's shop_process_id). */
  id: number;
  idempotencyKey: string;
  /** The provider's own id, once it gave one (Bancard's process_id, PayPal's order id). */
  providerReference: string | null;
  /** In whole pesos, as the shop keeps amounts. */
  amount: number;
};

export type HostedPaymentInput = {
  payment: PaymentRef;
  /** What the payer sees the payment is for (the show, the shop's name). */
  description: string;
  /** Where the provider sends the payer back after paying (the shop's return route). */
  returnUrl: string;
  /** Where it sends them when they give up (back to the checkout, the places still held). */
  cancelUrl: string;
  language: Language;
};

/** A payment opened on the provider: where the payer pays it. */
export type HostedStart = {
  /** The provider's id of the payment; stored as payments.provider_reference. */
  providerReference: string;
  /** The provider's page the payer is sent to: works without JavaScript. */
  redirectUrl: string;
  /** The provider's form to embed in the checkout (an iframe), when it has one. */
  embedUrl?: string;
};

/** Origins a page of the shop must allow for a provider (content security policy). */
export type ProviderOrigins = {
  /** Its form framed in the page (frame-src). */
  frame: readonly string[];
  /** Its script that draws the form (script-src). */
  script: readonly string[];
  /** The page's forms (and the redirects after them) go to it (form-action). */
  formAction: readonly string[];
};

/** A provider's notification whose proof held: which payment it is about. */
export type HostedNotification = {
  /** Unique per notification: a replay is recognised by it and changes nothing. */
  id: string;
  /** The payment, by the shop's number or the provider's id. */
  payment: { id: number } | { providerReference: string };
};

export interface HostedPaymentProvider {
  /** payments.provider of the payments it takes ("BANCARD", "PAYPAL"). */
  readonly name: string;
  readonly origins: ProviderOrigins;
  /** Opens the payment on the provider; the same payment twice answers the same opening. */
  start(input: HostedPaymentInput): Promise<HostedStart>;
  /**
   * What the provider decided: APPROVED (reference: what refund takes), DECLINED, FAILED,
   * CHALLENGE (still on the provider's page), AWAITING; null when it never received it.
   * PayPal captures an approved order here: the answer is the capture's.
   */
  lookup(payment: PaymentRef): Promise<ChargeOutcome | null>;
  /** Gives back an approved payment (Bancard's rollback, PayPal's refund); twice moves it once. */
  refund(reference: string): Promise<void>;
  /** Calls off a payment the payer has not finished; a decided one answers as it is. */
  cancel(payment: PaymentRef): Promise<ChargeOutcome | null>;
  /**
   * A notification when its proof holds (Bancard's md5 token in the body, PayPal's signed
   * headers checked with PayPal); null for anything else: forged, altered or unreadable.
   */
  verifyNotification(rawBody: string, headers: Headers): Promise<HostedNotification | null>;
}

/** A card the acquirer keeps for a customer (Bancard's users/{user_id}/cards). */
export type SavedCard = {
  /** What pays with it and deletes it; valid for a while only, asked anew each time. */
  aliasToken: string;
  /** As the acquirer shows it: "541863******1234". */
  maskedNumber: string;
  brand: string;
  /** "MM/YY". */
  expiry: string;
  kind: "CREDIT" | "DEBIT";
};

/** Saved cards: registered on the acquirer's own form, paid with by their alias token. */
export interface SavedCardProvider {
  /** Opens the acquirer's form to register a card for the customer (Bancard's cards/new). */
  registerCard(input: {
    customerId: number;
    /** The shop's number for this card, new for each registration. */
    cardId: number;
    phone: string;
    email: string;
    returnUrl: string;
  }): Promise<{ embedUrl: string; redirectUrl: string }>;
  cardsOf(customerId: number): Promise<SavedCard[]>;
  /**
   * Pays a payment with a saved card: APPROVED, DECLINED, FAILED, or CHALLENGE when the
   * issuer asks for 3-D Secure (challengeUrl: its page, which works without JavaScript;
   * providerReference: the acquirer's process, which lookup needs to learn the outcome).
   */
  chargeSaved(input: {
    payment: PaymentRef;
    customerId: number;
    aliasToken: string;
    installments: number;
    description: string;
    returnUrl: string;
  }): Promise<ChargeOutcome & { providerReference?: string }>;
  deleteCard(customerId: number, aliasToken: string): Promise<void>;
}
