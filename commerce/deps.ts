// What the API's areas need, injected once when the API is created: an area can be called
// from a handler, a test, a job or a benchmark alike.
import type { IdTokenVerifier } from "./customers/id-token.ts";
import type { Database } from "./db/client.ts";
import type { Invoicing } from "./invoicing/issuer.ts";
import type { RateLimits } from "./limits/rate-limits.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { HostedPaymentProvider, SavedCardProvider } from "./payments/hosted-provider.ts";
import type { PaymentProvider } from "./payments/provider.ts";
import type { WalletProvider } from "./payments/wallet.ts";
import type { TicketSigningKey } from "./tickets/code.ts";

export type CommerceDeps = {
  db: Database;
  payments: PaymentProvider;
  /**
   * Providers whose own page takes the payment (Bancard's card form, PayPal): a card method
   * is paid on Bancard's form when it is here, PayPal is offered when it is.
   */
  hostedProviders?: readonly HostedPaymentProvider[];
  /** Cards the acquirer keeps for customers (Bancard), paid with by their alias token. */
  savedCards?: SavedCardProvider;
  /** The wallet (Apay, Tigo Money); without one, no wallet method is offered. */
  wallet?: WalletProvider;
  /** The fiscal authority that authorizes bills and credit notes, and the shop's tax data. */
  invoicing: Invoicing;
  /** HMAC key of processes' cancel keys, recovery codes and the old ticket codes. */
  ticketSecret: string;
  /** Signs the ticket codes printed in QR codes; its public key verifies them (tickets/code.ts). */
  ticketSigningKey: TicketSigningKey;
  /** Signs the waiting rooms' admission tokens (queue/admission-token.ts; decision 0048). */
  queueSigningKey: TicketSigningKey;
  /** Minutes a purchase process holds its places (spec §9: 30). */
  purchaseMinutes: number;
  /**
   * Minutes the buyer may add, once, to a process's clock (WCAG 2.2.1: a time limit the user
   * can extend); 0 offers none. Default 10.
   */
  extensionMinutes?: number;
  /** Minutes an API token stays valid (spec §9: 180). */
  loginMinutes: number;
  /** Attempts allowed per client address and per account (limits/rate-limits.ts). */
  rateLimits: RateLimits;
  /** Places one customer may have of one performance: held, booked and bought (default 10). */
  maxPlacesPerPerformance: number;
  /** Whether places already bought count towards that maximum (default true; decision 0060). */
  placeLimitCountsBought?: boolean;
  /**
   * How long a PENDING payment may still be on its way to the acquirer before it counts as
   * never received (payments/reconcile.ts; default 2 minutes).
   */
  pendingPaymentGraceMs?: number;
  /** Where customers' mail goes: the outbox on disk, SMTP, or memory in tests (mail/). */
  mailer: Mailer;
  now: () => Date;
  /** The city's identity provider's ID tokens, when external login is configured. */
  verifyIdToken?: IdTokenVerifier;
};
