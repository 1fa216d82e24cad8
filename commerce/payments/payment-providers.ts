// Who follows a payment up: the card acquirer, or the wallet a wallet payment was opened
// with (payments.provider says which). Looking up, refunding and calling off go to it.
import type { CommerceDeps } from "../deps.ts";
import type { PaymentFollowUp } from "./wallet.ts";

export const CARD_PROVIDER = "CARD";

export function followUpOf(deps: CommerceDeps, provider: string): PaymentFollowUp {
  if (provider === CARD_PROVIDER) return deps.payments;
  // A wallet payment is only opened while a wallet is configured (charge.ts).
  if (!deps.wallet) throw new Error(`No wallet configured to follow a ${provider} payment up`);
  return deps.wallet;
}
