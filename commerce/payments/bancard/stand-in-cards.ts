// The stand-in's test cards: the sandbox acquirer's numbers and meanings (sandbox-cards.ts),
// answered with Bancard's response codes, plus the confirmation's own faults (late, never,
// twice). Pure: stand-in.ts keeps the processes.
import { expiryNotPast, luhnValid } from "../../contract/card-rules.ts";
import { sandboxCardProfile } from "../sandbox/sandbox-issuers.ts";

export type StandInBehaviour =
  | { kind: "decide"; responseCode: string }
  | { kind: "challenge" }
  | { kind: "late"; responseCode: string }
  | { kind: "never" }
  | { kind: "twice" };

const APPROVED = "00";
const behaviours: Record<string, StandInBehaviour> = {
  "4000000000000002": { kind: "decide", responseCode: "51" },
  "4000000000009995": { kind: "decide", responseCode: "41" },
  "4000000000000127": { kind: "decide", responseCode: "N7" },
  "4000000000000119": { kind: "decide", responseCode: "96" },
  "4000000000003220": { kind: "challenge" },
  "4000000000000077": { kind: "late", responseCode: APPROVED },
  "4000000000000093": { kind: "late", responseCode: "05" },
  "4000000000000135": { kind: "never" },
  "4000000000000143": { kind: "twice" },
};

/** For the docs: the stand-in's cards and what each does (any other Luhn-valid one approves). */
export const bancardStandInCards: readonly { number: string; meaning: string }[] = [
  { number: "4242424242424242", meaning: "VISA crédito, aprobada" },
  { number: "5555555555554444", meaning: "MASTERCARD, aprobada" },
  { number: "4000000000000002", meaning: "rechazada: fondos insuficientes (51)" },
  { number: "4000000000009995", meaning: "rechazada: tarjeta denunciada (41)" },
  { number: "4000000000000127", meaning: "rechazada: código de seguridad (N7)" },
  { number: "4000000000000119", meaning: "error de procesamiento, sin cobro (96)" },
  { number: "4000000000003220", meaning: "3-D Secure: el código 1234 aprueba, otro rechaza" },
  { number: "4000000000000077", meaning: "aprobada; la confirmación llega tarde" },
  { number: "4000000000000093", meaning: "rechazada; la confirmación llega tarde" },
  { number: "4000000000000135", meaning: "aprobada; la confirmación nunca llega" },
  { number: "4000000000000143", meaning: "aprobada; la confirmación llega dos veces" },
];

export const STAND_IN_CHALLENGE_CODE = "1234";

export const behaviourOf = (number: string): StandInBehaviour =>
  behaviours[number] ?? { kind: "decide", responseCode: APPROVED };

export const responseDescriptions: Record<string, string> = {
  "00": "Transacción aprobada",
  "05": "Tarjeta inhabilitada",
  "12": "Transacción inválida",
  "15": "Tarjeta inválida",
  "41": "Tarjeta denunciada",
  "51": "Fondos insuficientes",
  "54": "Tarjeta vencida",
  N7: "Código de seguridad rechazado",
  "96": "Error de procesamiento",
};

export type TypedCard = { number: string; expiry: string; cvv: string; installments: number };

/** What the payer typed, checked as the acquirer would; the problem in Spanish or null. */
export function cardProblem(card: TypedCard, now: Date): string | null {
  if (!/^[0-9]{13,19}$/.test(card.number) || !luhnValid(card.number)) {
    return "El número de tarjeta no es válido.";
  }
  const expiry = /^(0[1-9]|1[0-2])\/([0-9]{2})$/.exec(card.expiry);
  if (!expiry || !expiryNotPast(Number(expiry[1]), 2000 + Number(expiry[2]), now)) {
    return "El vencimiento no es válido (MM/AA).";
  }
  if (!/^[0-9]{3,4}$/.test(card.cvv)) return "El código de seguridad no es válido.";
  if (card.installments > 1) {
    const profile = sandboxCardProfile(card.number.slice(0, 8));
    const offered =
      profile?.kind === "CREDIT" && profile.plans.some((p) => p.count === card.installments);
    if (!offered) return "Esta tarjeta no ofrece esa cantidad de cuotas.";
  }
  return null;
}

/** What Bancard shows of a saved card: brand, type, masked number. Never the full number. */
export function savedCardView(number: string, expiry: string) {
  const profile = sandboxCardProfile(number.slice(0, 8));
  return {
    masked: `${number.slice(0, 6)}${"*".repeat(number.length - 10)}${number.slice(-4)}`,
    brand: profile?.brand ?? (number.startsWith("5") ? "MASTERCARD" : "VISA"),
    type: profile?.kind === "DEBIT" ? "debit" : "credit",
    expiry,
  };
}

/** Installment counts the form offers (credit cards only; checked on submission). */
export const offeredInstallments = [1, 3, 6, 12] as const;
