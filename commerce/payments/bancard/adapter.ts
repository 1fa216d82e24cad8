// Bancard vPOS 2.0 as the shop's hosted-payment and saved-card provider (hosted-provider.ts):
// the payment's shop_process_id is the shop's payments.id, Bancard's process_id is its
// provider reference, and refund takes the shop_process_id back (rollback signs with it).
// The same code talks to the real Bancard and to the stand-in (stand-in.ts): only baseUrl and
// the keys change.
import type {
  HostedNotification,
  HostedPaymentInput,
  HostedPaymentProvider,
  HostedStart,
  PaymentRef,
  ProviderOrigins,
  SavedCard,
  SavedCardProvider,
} from "../hosted-provider.ts";
import type { ChargeOutcome } from "../provider.ts";
import {
  BANCARD_APPROVED,
  type BancardConfirmation,
  bancardConfirmationPost,
  bancardConfirmationReply,
  bancardPages,
  bancardResponseReasons,
  bancardTokens,
  pageUrl,
  sameToken,
} from "./protocol.ts";
import { BancardApiError, type BancardConfig, BancardVposClient } from "./vpos-client.ts";

export type { BancardConfig };
export { bancardConfirmationReply };

/** The last four digits Bancard shows of a card ("541863******1234"); "" when it shows none. */
const lastFour = (masked: string | null | undefined) => (masked ?? "").replace(/\D/g, "").slice(-4);

/** What a confirmation means for the shop (errors:paymentReasons for the reasons). */
export function outcomeOfConfirmation(c: BancardConfirmation, last4 = ""): ChargeOutcome {
  if (c.response === "S" && c.response_code === BANCARD_APPROVED) {
    return { status: "APPROVED", reference: c.shop_process_id, last4 };
  }
  const known = bancardResponseReasons[c.response_code];
  if (known?.failed) return { status: "FAILED", reason: known.reason, last4 };
  return { status: "DECLINED", reason: known?.reason ?? "issuer_rejected", last4 };
}

export class BancardProvider implements HostedPaymentProvider, SavedCardProvider {
  readonly name = "BANCARD";
  readonly origins: ProviderOrigins;
  private readonly client: BancardVposClient;
  private readonly baseUrl: string;

  constructor(private readonly config: BancardConfig) {
    this.client = new BancardVposClient(config);
    this.baseUrl = config.baseUrl.replace(/\/+$/, "");
    const origin = new URL(config.baseUrl).origin;
    this.origins = { frame: [origin], script: [origin], formAction: [origin] };
  }

  /** The script the checkout loads to frame Bancard's forms (Bancard.Checkout.createForm). */
  get checkoutScriptUrl() {
    return `${this.baseUrl}${bancardPages.script}`;
  }

  private opened(processId: string): HostedStart {
    return {
      providerReference: processId,
      redirectUrl: pageUrl(this.baseUrl, bancardPages.hosted, processId),
      embedUrl: pageUrl(this.baseUrl, bancardPages.checkout, processId),
    };
  }

  async start(input: HostedPaymentInput): Promise<HostedStart> {
    const { payment } = input;
    // Bancard refuses a second single_buy for one shop_process_id: the first opening stands.
    if (payment.providerReference) return this.opened(payment.providerReference);
    const { processId } = await this.client.singleBuy({
      shopProcessId: payment.id,
      amount: payment.amount,
      description: input.description,
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
    });
    return this.opened(processId);
  }

  async lookup(payment: PaymentRef): Promise<ChargeOutcome | null> {
    if (!payment.providerReference) return null;
    try {
      return outcomeOfConfirmation(await this.client.getConfirmation(payment.id));
    } catch (error) {
      if (!(error instanceof BancardApiError)) throw error;
      if (error.has("PaymentNotFoundError")) {
        // Opened and not paid (yet): the payer is still on Bancard's page.
        const challengeUrl = pageUrl(this.baseUrl, bancardPages.hosted, payment.providerReference);
        return { status: "CHALLENGE", challengeUrl, last4: "" };
      }
      if (error.has("AlreadyRollbackedError")) {
        return { status: "DECLINED", reason: "authentication_cancelled", last4: "" };
      }
      throw error;
    }
  }

  /** reference: the shop_process_id an approval answered with. Twice rolls back once. */
  async refund(reference: string): Promise<void> {
    try {
      await this.client.rollback(reference);
    } catch (error) {
      // Already given back, or never paid (Bancard closes the process): nothing more to move.
      const settled = ["AlreadyRollbackedError", "PaymentNotFoundError"];
      if (error instanceof BancardApiError && settled.some((key) => error.has(key))) return;
      throw error;
    }
  }

  /** A rollback before payment closes the process; the answer is then what Bancard says. */
  async cancel(payment: PaymentRef): Promise<ChargeOutcome | null> {
    if (!payment.providerReference) return null;
    const decided = await this.lookup(payment);
    if (decided && decided.status !== "CHALLENGE") return decided;
    await this.refund(String(payment.id));
    return this.lookup(payment);
  }

  /**
   * Bancard's confirmation when its md5 token holds for its shop_process_id, amount and
   * currency. The token does not sign the response code: the shop learns the outcome with
   * lookup (get_confirmation), never from this body. Bancard's monitoring ping (an empty
   * body every few minutes) answers null like anything unreadable.
   */
  async verifyNotification(rawBody: string, _headers: Headers): Promise<HostedNotification | null> {
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      return null;
    }
    const parsed = bancardConfirmationPost.safeParse(json);
    if (!parsed.success) return null;
    const c = parsed.data.operation;
    if (c.currency !== this.config.currency) return null;
    const expected = bancardTokens.confirmation(
      this.config.privateKey,
      c.shop_process_id,
      c.amount,
      c.currency,
    );
    const shopId = Number(c.shop_process_id);
    if (!sameToken(expected, c.token) || !Number.isSafeInteger(shopId)) return null;
    const parts = [
      c.shop_process_id,
      c.response_code,
      c.ticket_number ?? "",
      c.authorization_number ?? "",
    ];
    return { id: `bancard:${parts.join(":")}`, payment: { id: shopId } };
  }

  /** Confirms a preauthorized payment (single_buy with preauthorization "S"). */
  async confirmPreauthorization(payment: PaymentRef): Promise<ChargeOutcome> {
    return outcomeOfConfirmation(await this.client.confirmPreauthorization(payment.id));
  }

  async registerCard(input: {
    customerId: number;
    cardId: number;
    phone: string;
    email: string;
    returnUrl: string;
  }): Promise<{ embedUrl: string; redirectUrl: string }> {
    const { processId } = await this.client.newCard({
      cardId: input.cardId,
      userId: input.customerId,
      phone: input.phone,
      email: input.email,
      returnUrl: input.returnUrl,
    });
    // Bancard documents no full page for registration: its framed form serves both.
    const url = pageUrl(this.baseUrl, bancardPages.registerCard, processId);
    return { embedUrl: url, redirectUrl: url };
  }

  async cardsOf(customerId: number): Promise<SavedCard[]> {
    const cards = await this.client.userCards(customerId);
    return cards.map((card) => ({
      aliasToken: card.alias_token,
      maskedNumber: card.card_masked_number,
      brand: card.card_brand,
      expiry: card.expiration_date,
      kind: card.card_type.toLowerCase() === "debit" ? "DEBIT" : "CREDIT",
    }));
  }

  /**
   * Bancard's charge does not name the user: an alias token is only taken when it is one of
   * the customer's own cards (another customer's alias is refused before Bancard is asked).
   */
  async chargeSaved(input: {
    payment: PaymentRef;
    customerId: number;
    aliasToken: string;
    installments: number;
    description: string;
    returnUrl: string;
  }): Promise<ChargeOutcome & { providerReference?: string }> {
    const card = (await this.cardsOf(input.customerId)).find(
      (c) => c.aliasToken === input.aliasToken,
    );
    if (!card) return { status: "DECLINED", reason: "card_not_accepted", last4: "" };
    const last4 = lastFour(card.maskedNumber);
    const answer = await this.client.charge({
      shopProcessId: input.payment.id,
      amount: input.payment.amount,
      installments: input.installments,
      description: input.description,
      aliasToken: input.aliasToken,
      returnUrl: input.returnUrl,
    });
    if ("decided" in answer) return outcomeOfConfirmation(answer.decided, last4);
    if ("challengeProcessId" in answer) {
      const challengeUrl = pageUrl(this.baseUrl, bancardPages.charge3ds, answer.challengeProcessId);
      return {
        status: "CHALLENGE",
        challengeUrl,
        last4,
        providerReference: answer.challengeProcessId,
      };
    }
    return { status: "FAILED", reason: "processing_error", last4 };
  }

  async deleteCard(customerId: number, aliasToken: string): Promise<void> {
    await this.client.deleteCard(customerId, aliasToken);
  }
}
