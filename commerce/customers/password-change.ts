// A logged-in customer changes their password: the current one is required, and a wrong one
// counts as a failed login (the same limits, limits/login-throttle.ts: it is the same
// guess). Every other session of the customer ends; the caller's goes on.
import { eq } from "drizzle-orm";
import type { ChangePasswordRequest } from "../contract/index.ts";
import { customers } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, unauthorized } from "../errors.ts";
import { countLoginAttempt } from "../limits/counters.ts";
import type { Caller } from "./accounts.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { revokeCustomerTokens } from "./tokens.ts";

export async function changePassword(
  deps: CommerceDeps,
  request: ChangePasswordRequest,
  caller: Caller & { customerId: number; token: string },
): Promise<void> {
  const [customer] = await deps.db
    .select({ email: customers.email, passwordHash: customers.passwordHash })
    .from(customers)
    .where(eq(customers.id, caller.customerId));
  if (!customer) throw unauthorized();
  const attempt = await countLoginAttempt(deps, {
    address: caller.clientAddress,
    email: customer.email,
  });
  if (!(await verifyPassword(request.cClaveActual, customer.passwordHash))) {
    throw businessError("CURRENT_PASSWORD_WRONG", undefined, {
      cClaveActual: ["currentPasswordWrong"],
    });
  }
  await attempt.succeeded();
  const passwordHash = await hashPassword(request.cClave);
  await deps.db.transaction(async (tx) => {
    await tx.update(customers).set({ passwordHash }).where(eq(customers.id, caller.customerId));
    await revokeCustomerTokens(tx, caller.customerId, caller.token);
  });
}
