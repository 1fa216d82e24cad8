// The stand-in's memory: the processes opened by single_buy and charge, the card
// registrations, the saved cards (what Bancard shows of them, never the number), and the
// confirmations it signs and posts to the shop.
import { randomBytes, randomInt } from "node:crypto";
import { BANCARD_APPROVED, type BancardConfirmation, bancardTokens } from "./protocol.ts";
import {
  responseDescriptions,
  type StandInBehaviour,
  type savedCardView,
} from "./stand-in-cards.ts";

export type BancardStandInOptions = {
  host?: string;
  port?: number;
  publicKey: string;
  privateKey: string;
  /** The shop's confirmation address, where the signed confirmations are posted. */
  confirmationUrl: string;
  /** How late a "late" card's confirmation comes; 1500 ms unless told. */
  answerDelayMs?: number;
};

export type Process = {
  processId: string;
  shopProcessId: string;
  amount: string;
  currency: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  preauthorization: boolean;
  state: "open" | "challenge" | "decided" | "rolled_back";
  confirmation: BancardConfirmation | null;
  /** What the card does once the challenge passes. */
  after: StandInBehaviour | null;
};
export type Registration = { cardId: string; userId: string; returnUrl: string };
export type StoredCard = {
  cardId: string;
  alias: string;
  view: ReturnType<typeof savedCardView>;
  behaviour: StandInBehaviour;
};
export type Operation = Record<string, unknown>;

export const newId = () => randomBytes(15).toString("base64url");
export const text = (value: unknown, max = 255) =>
  typeof value === "string" ? value.slice(0, max) : typeof value === "number" ? String(value) : "";

export type StandInState = ReturnType<typeof standInState>;

export function standInState(options: BancardStandInOptions) {
  const { privateKey, confirmationUrl } = options;
  const processes = new Map<string, Process>();
  const byShopId = new Map<string, Process>();
  const registrations = new Map<string, Registration>();
  const cards = new Map<string, StoredCard[]>();
  const timers = new Set<NodeJS.Timeout>();

  function confirmationOf(p: Process, responseCode: string): BancardConfirmation {
    const approved = responseCode === BANCARD_APPROVED;
    return {
      shop_process_id: p.shopProcessId,
      response: approved ? "S" : "N",
      response_details: approved ? "Procesado satisfactoriamente" : "Transacción rechazada",
      amount: p.amount,
      currency: p.currency,
      authorization_number: approved ? String(randomInt(100000, 999999)) : null,
      ticket_number: String(randomInt(10 ** 9, 10 ** 10 - 1)),
      response_code: responseCode,
      response_description: responseDescriptions[responseCode] ?? "Transacción rechazada",
      extended_response_description: null,
      security_information: {
        customer_ip: "127.0.0.1",
        card_source: "L",
        card_country: "Paraguay",
        version: "0.3",
        risk_index: "0",
      },
    };
  }

  /** Posts the signed confirmation to the shop; a shop that does not answer is not retried. */
  async function post(p: Process) {
    const c = p.confirmation;
    if (!c) return;
    const token = bancardTokens.confirmation(privateKey, c.shop_process_id, c.amount, c.currency);
    const numeric = /^[0-9]+$/.test(c.shop_process_id);
    const operation = {
      ...c,
      token,
      shop_process_id: numeric ? Number(c.shop_process_id) : c.shop_process_id,
    };
    await fetch(confirmationUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ operation }),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
  }

  /** Posts the confirmation after a while (a "late" card). */
  function postLater(p: Process) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void post(p);
    }, options.answerDelayMs ?? 1500);
    timers.add(timer);
  }

  const stop = () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
  return {
    options,
    processes,
    byShopId,
    registrations,
    cards,
    confirmationOf,
    post,
    postLater,
    stop,
  };
}
