// A typed client of Bancard vPOS 2.0 (protocol.ts): one method per operation, each body signed
// with its md5 token, each answer read through its schema. Errors carry Bancard's message keys
// and the operation's name only: never a body, an alias token, a card or a key.
import type { z } from "zod";
import {
  type BancardCard,
  type BancardConfirmation,
  type BancardMessage,
  bancardErrorAnswer,
  bancardPaths,
  bancardTokens,
  chargeAnswer,
  formatBancardAmount,
  getConfirmationAnswer,
  plainSuccessAnswer,
  singleBuyAnswer,
  userCardsAnswer,
} from "./protocol.ts";

export type BancardConfig = {
  /** https://vpos.infonet.com.py (staging: :8888), or the stand-in's address. */
  baseUrl: string;
  publicKey: string;
  privateKey: string;
  /** ISO 4217; Bancard takes "PYG" (and "USD" for some shops). */
  currency: string;
  /** Each call's bound; 15 s unless told. */
  timeoutMs?: number;
};

/** Bancard answered "error": its message keys (InvalidTokenError, PaymentNotFoundError…). */
export class BancardApiError extends Error {
  readonly keys: readonly string[];
  constructor(
    readonly operation: string,
    readonly httpStatus: number,
    messages: readonly BancardMessage[],
  ) {
    const keys = messages.map((m) => m.key);
    super(`Bancard ${operation} answered ${httpStatus} ${keys.join(",") || "error"}`);
    this.name = "BancardApiError";
    this.keys = keys;
  }
  has(key: string) {
    return this.keys.includes(key);
  }
}

/** Bancard could not be reached, did not answer in time, or answered something unreadable. */
export class BancardUnavailableError extends Error {
  constructor(
    readonly operation: string,
    readonly cause_: "network" | "timeout" | "unreadable",
  ) {
    super(`Bancard ${operation}: ${cause_}`);
    this.name = "BancardUnavailableError";
  }
}

export type SingleBuyInput = {
  shopProcessId: number;
  amount: number;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  /** Holds the amount until preauthorizations/confirm. */
  preauthorization?: boolean;
};

export type ChargeByAliasInput = {
  shopProcessId: number;
  amount: number;
  installments: number;
  description: string;
  aliasToken: string;
  returnUrl: string;
};

/** Bancard's description field is short (20 characters in its connectors). */
const short = (text: string) => text.slice(0, 20);

export class BancardVposClient {
  constructor(private readonly config: BancardConfig) {}

  async singleBuy(input: SingleBuyInput): Promise<{ processId: string }> {
    const { privateKey, currency } = this.config;
    const amount = formatBancardAmount(input.amount);
    const answer = await this.call("single_buy", "POST", bancardPaths.singleBuy, singleBuyAnswer, {
      token: bancardTokens.singleBuy(privateKey, input.shopProcessId, amount, currency),
      shop_process_id: input.shopProcessId,
      currency,
      amount,
      additional_data: "",
      description: short(input.description),
      return_url: input.returnUrl,
      cancel_url: input.cancelUrl,
      ...(input.preauthorization ? { preauthorization: "S" } : {}),
    });
    return { processId: answer.process_id };
  }

  /** The confirmation of a process; PaymentNotFoundError while nobody paid it. */
  async getConfirmation(shopProcessId: number): Promise<BancardConfirmation> {
    const answer = await this.call(
      "get_confirmation",
      "POST",
      bancardPaths.confirmations,
      getConfirmationAnswer,
      {
        token: bancardTokens.getConfirmation(this.config.privateKey, shopProcessId),
        shop_process_id: shopProcessId,
      },
    );
    return answer.confirmation;
  }

  async rollback(shopProcessId: number | string): Promise<void> {
    await this.call("rollback", "POST", bancardPaths.rollback, plainSuccessAnswer, {
      token: bancardTokens.rollback(this.config.privateKey, shopProcessId),
      shop_process_id: shopProcessId,
    });
  }

  async confirmPreauthorization(shopProcessId: number): Promise<BancardConfirmation> {
    const answer = await this.call(
      "preauthorization_confirm",
      "POST",
      bancardPaths.preauthorizationConfirm,
      getConfirmationAnswer,
      {
        token: bancardTokens.preauthorizationConfirm(this.config.privateKey, shopProcessId),
        shop_process_id: shopProcessId,
      },
    );
    return answer.confirmation;
  }

  async newCard(input: {
    cardId: number;
    userId: number;
    phone: string;
    email: string;
    returnUrl: string;
  }): Promise<{ processId: string }> {
    const answer = await this.call("cards_new", "POST", bancardPaths.newCard, singleBuyAnswer, {
      token: bancardTokens.newCard(this.config.privateKey, input.cardId, input.userId),
      card_id: input.cardId,
      user_id: input.userId,
      user_cell_phone: input.phone,
      user_mail: input.email,
      return_url: input.returnUrl,
    });
    return { processId: answer.process_id };
  }

  async userCards(userId: number): Promise<BancardCard[]> {
    const path = bancardPaths.userCards(userId);
    const answer = await this.call("users_cards", "POST", path, userCardsAnswer, {
      token: bancardTokens.userCards(this.config.privateKey, userId),
    });
    return answer.cards;
  }

  /** Decided at once, or { processId } of the 3-D Secure form when the issuer asks for it. */
  async charge(
    input: ChargeByAliasInput,
  ): Promise<
    { decided: BancardConfirmation } | { challengeProcessId: string } | { unreadable: true }
  > {
    const { privateKey, currency } = this.config;
    const amount = formatBancardAmount(input.amount);
    const answer = await this.call("charge", "POST", bancardPaths.charge, chargeAnswer, {
      token: bancardTokens.charge(
        privateKey,
        input.shopProcessId,
        amount,
        currency,
        input.aliasToken,
      ),
      shop_process_id: input.shopProcessId,
      amount,
      number_of_payments: input.installments,
      currency,
      additional_data: "",
      description: short(input.description),
      alias_token: input.aliasToken,
      return_url: input.returnUrl,
      extra_response_attributes: ["confirmation.process_id"],
    });
    const confirmation = answer.confirmation ?? answer.operation;
    if (confirmation?.response_code) {
      return { decided: readDecided(confirmation) };
    }
    if (answer.confirmation?.process_id) {
      return { challengeProcessId: answer.confirmation.process_id };
    }
    return { unreadable: true };
  }

  async deleteCard(userId: number, aliasToken: string): Promise<void> {
    const path = bancardPaths.userCards(userId);
    await this.call("delete_card", "DELETE", path, plainSuccessAnswer, {
      token: bancardTokens.deleteCard(this.config.privateKey, userId, aliasToken),
      alias_token: aliasToken,
    });
  }

  /** One signed call: { public_key, operation } in, the schema's answer or a typed error out. */
  private async call<T extends z.ZodType>(
    operation: string,
    method: "POST" | "DELETE",
    path: string,
    schema: T,
    body: Record<string, unknown>,
  ): Promise<z.infer<T>> {
    const { baseUrl, publicKey, timeoutMs = 15_000 } = this.config;
    let response: Response;
    try {
      response = await fetch(new URL(path, baseUrl), {
        method,
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ public_key: publicKey, operation: body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new BancardUnavailableError(operation, timedOut ? "timeout" : "network");
    }
    const json: unknown = await response.json().catch(() => null);
    const success = schema.safeParse(json);
    if (success.success) return success.data;
    const failure = bancardErrorAnswer.safeParse(json);
    if (failure.success)
      throw new BancardApiError(operation, response.status, failure.data.messages);
    throw new BancardUnavailableError(operation, "unreadable");
  }
}

/** A charge's confirmation, decided: the fields a confirmation must have. */
function readDecided(c: Partial<BancardConfirmation>): BancardConfirmation {
  return {
    shop_process_id: c.shop_process_id ?? "",
    response: c.response ?? (c.response_code === "00" ? "S" : "N"),
    amount: c.amount ?? "0.00",
    currency: c.currency ?? "",
    response_code: c.response_code ?? "",
    authorization_number: c.authorization_number ?? null,
    ticket_number: c.ticket_number ?? null,
    response_description: c.response_description ?? null,
  };
}
