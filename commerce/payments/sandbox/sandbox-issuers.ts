// The sandbox acquirer's BIN table: which bank issued a card, credit or debit, and the
// installment plans that bank offers, as a real acquirer's BIN lookup answers. Cards of an
// accepted network whose BIN is not listed are credit cards of "another bank" paying in one
// installment; a network the shop does not accept has no profile at all.
import { cardBrand } from "../../contract/card-rules.ts";
import type { CardProfile } from "../provider.ts";

type IssuerRow = CardProfile & { bin: string; testCard: string };

const single = [{ count: 1, annualRatePercent: 0 }] as const;

/** Documented in README ("Demo payments"): a test card per row, each Luhn-valid. */
export const sandboxIssuers: readonly IssuerRow[] = [
  {
    bin: "424242",
    testCard: "4242424242424242",
    brand: "VISA",
    issuer: "Banco de la Ciudad (sandbox)",
    kind: "CREDIT",
    plans: [
      { count: 1, annualRatePercent: 0 },
      { count: 3, annualRatePercent: 0 },
      { count: 6, annualRatePercent: 0 },
      { count: 12, annualRatePercent: 60 },
    ],
  },
  {
    bin: "555555",
    testCard: "5555555555554444",
    brand: "MASTERCARD",
    issuer: "Banco Provincia (sandbox)",
    kind: "CREDIT",
    plans: [
      { count: 1, annualRatePercent: 0 },
      { count: 3, annualRatePercent: 0 },
      { count: 6, annualRatePercent: 48 },
      { count: 12, annualRatePercent: 72 },
    ],
  },
  {
    // The scripted declines and failures (sandbox.ts) are cards of this test bank, in one
    // installment: the checkout pays them without a plans step.
    bin: "400000",
    testCard: "4000000000000002",
    brand: "VISA",
    issuer: "Banco de Pruebas (sandbox)",
    kind: "CREDIT",
    plans: single,
  },
  {
    bin: "451765",
    testCard: "4517650000000000",
    brand: "VISA",
    issuer: "Banco de la Ciudad (sandbox)",
    kind: "DEBIT",
    plans: single,
  },
  {
    // Offers 18 installments, more than the shop takes (catalogues.ts): that one is not shown.
    bin: "589657",
    testCard: "5896570000000008",
    brand: "CABAL",
    issuer: "Banco Credicoop (sandbox)",
    kind: "CREDIT",
    plans: [
      { count: 1, annualRatePercent: 0 },
      { count: 3, annualRatePercent: 0 },
      { count: 6, annualRatePercent: 0 },
      { count: 12, annualRatePercent: 0 },
      { count: 18, annualRatePercent: 55 },
    ],
  },
  {
    bin: "378282",
    testCard: "378282246310005",
    brand: "AMEX",
    issuer: "American Express (sandbox)",
    kind: "CREDIT",
    plans: [
      { count: 1, annualRatePercent: 0 },
      { count: 3, annualRatePercent: 35 },
    ],
  },
];

export const otherBank = "Otro banco";

/** The profile of a BIN (6 to 8 digits); null for a network the shop does not accept. */
export function sandboxCardProfile(bin: string): CardProfile | null {
  if (!/^[0-9]{6,8}$/.test(bin)) return null;
  const row = sandboxIssuers.find((issuer) => bin.startsWith(issuer.bin));
  if (row) {
    const { bin: _bin, testCard: _card, ...profile } = row;
    return profile;
  }
  const brand = cardBrand(bin);
  if (brand === "OTHER") return null;
  return { brand, issuer: otherBank, kind: "CREDIT", plans: single };
}
