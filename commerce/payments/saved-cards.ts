// The cards Bancard keeps for a customer (card/Bancard, card/BancardiFrame2,
// card/Bancard/borrar/{alias_token}): asked of the acquirer each time, never stored here (it
// holds them per customer, and renews their alias tokens). The card itself is typed on
// Bancard's form; the shop only ever sees the brand, the masked number and the expiry.
import { randomInt } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { customerPhones, customers } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, notFound } from "../errors.ts";
import { log } from "../log.ts";
import type { SavedCard, SavedCardProvider } from "./hosted-provider.ts";

function providerOf(deps: CommerceDeps): SavedCardProvider {
  // Without an acquirer that keeps cards there is nothing to list, add or delete.
  if (!deps.savedCards) throw notFound();
  return deps.savedCards;
}

/** The acquirer could not be asked: a payment-side failure, said as such to the customer. */
async function asked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    log.error({ err: error }, "saved cards call failed");
    throw businessError("PAYMENT_FAILED");
  }
}

export async function savedCardsOf(deps: CommerceDeps, customerId: number): Promise<SavedCard[]> {
  if (!deps.savedCards) return [];
  const provider = deps.savedCards;
  return asked(() => provider.cardsOf(customerId));
}

/** Opens Bancard's form to register a card: the customer's mail and phone go with it. */
export async function openCardRegistration(
  deps: CommerceDeps,
  input: { customerId: number; returnUrl: string },
) {
  const provider = providerOf(deps);
  const [customer] = await deps.db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, input.customerId));
  if (!customer) throw notFound();
  const [phone] = await deps.db
    .select({ number: customerPhones.number })
    .from(customerPhones)
    .where(eq(customerPhones.customerId, input.customerId))
    .orderBy(desc(customerPhones.isDefault), desc(customerPhones.id))
    .limit(1);
  return asked(() =>
    provider.registerCard({
      customerId: input.customerId,
      // Bancard asks the shop's own number for each card registered (a positive integer).
      cardId: randomInt(1, 2 ** 31 - 1),
      phone: phone?.number ?? "",
      email: customer.email,
      returnUrl: input.returnUrl,
    }),
  );
}

/** Deletes one of the customer's cards; an alias that is not theirs is a 404. */
export async function deleteSavedCard(
  deps: CommerceDeps,
  input: { customerId: number; aliasToken: string },
): Promise<void> {
  const provider = providerOf(deps);
  const cards = await asked(() => provider.cardsOf(input.customerId));
  if (!cards.some((card) => card.aliasToken === input.aliasToken)) throw notFound();
  await asked(() => provider.deleteCard(input.customerId, input.aliasToken));
}
