// Password recovery: a code by mail, then a new password with it. Asking answers the same,
// after the same work, whether or not the e-mail has an account: the code is written and
// mailed after the answer (mail/send-later.ts). Someone else who knows the e-mail must not
// keep its owner from a new password (decision 0063): both steps are limited per address
// (limits/recovery-throttle.ts), a customer keeps the latest code asked from each address,
// so another address's request never replaces the owner's, and a code dies when one is
// used, after 15 minutes, or after 50 wrong tries from anywhere. A new password ends every
// session of the customer and forgets the account's failed logins.
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { RecoveryCodeRequest, ResetPasswordRequest } from "../contract/index.ts";
import { customers, passwordRecoveryCodes } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError } from "../errors.ts";
import { type Language, translate } from "../i18n.ts";
import { countAttempt, countRecoveryRequest, forgetFailedLogins } from "../limits/counters.ts";
import { addressSubject } from "../limits/rate-limits.ts";
import { mailBodies } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { sendLater } from "../mail/send-later.ts";
import { type Caller, normalizeEmail } from "./accounts.ts";
import { hashPassword } from "./password.ts";
import {
  drawRecoveryCode,
  isRecoveryCodeLive,
  isUsedUp,
  matchingCode,
  RECOVERY_CODE_MINUTES,
  recoveryCodeExpiry,
  recoveryCodeHash,
} from "./recovery-code.ts";
import { revokeCustomerTokens } from "./tokens.ts";

export type RecoveryCaller = Caller & { language: Language };

export function recoveryMail(
  to: { email: string; firstName: string },
  code: string,
  language: Language,
): MailMessage {
  const t = translate(language);
  const subject = t("account:mail.recovery.subject");
  const bodies = mailBodies(language, subject, [
    t("account:mail.greeting", { name: to.firstName }),
    t("account:mail.recovery.intro"),
    { strong: code },
    t("account:mail.recovery.validity", { count: RECOVERY_CODE_MINUTES }),
    t("account:mail.recovery.notYou"),
    t("account:mail.signature"),
  ]);
  return { to: to.email, subject, ...bodies, language };
}

/**
 * Step 1 (CodigoRecupero). The answer waits only for the rate limits, which count every
 * e-mail alike; the code is written and mailed after it (mail/send-later.ts), so neither the
 * answer nor its timing says whether the e-mail has an account. One upsert writes the code
 * only when it has one, replacing the code asked earlier from the same address only.
 */
export async function requestRecoveryCode(
  deps: CommerceDeps,
  request: RecoveryCodeRequest,
  caller: RecoveryCaller,
): Promise<void> {
  await countRecoveryRequest(deps, { address: caller.clientAddress, email: request.cEmail });
  const email = normalizeEmail(request.cEmail);
  // The address as the limits count it (an IPv6 client by its /64).
  const requestedFrom = addressSubject(caller.clientAddress) ?? "unknown";
  const now = deps.now();
  void sendLater(deps.mailer, "password-recovery", async () => {
    const code = drawRecoveryCode();
    const [written] = await deps.db
      .insert(passwordRecoveryCodes)
      .select(
        sql`select ${customers.id}, ${requestedFrom}, ${recoveryCodeHash(deps.ticketSecret, email, code)}, ${recoveryCodeExpiry(now)}::timestamptz, 0, ${now}::timestamptz from ${customers} where ${customers.email} = ${email}`,
      )
      .onConflictDoUpdate({
        target: [passwordRecoveryCodes.customerId, passwordRecoveryCodes.requestedFrom],
        set: {
          codeHash: sql`excluded.code_hash`,
          expiresAt: sql`excluded.expires_at`,
          failedAttempts: 0,
          createdAt: sql`excluded.created_at`,
        },
      })
      .returning({ customerId: passwordRecoveryCodes.customerId });
    if (!written) return null;
    // Codes of other addresses that expired go now: they are never read again.
    await deps.db
      .delete(passwordRecoveryCodes)
      .where(
        and(
          eq(passwordRecoveryCodes.customerId, written.customerId),
          lte(passwordRecoveryCodes.expiresAt, now),
        ),
      );
    const [customer] = await deps.db
      .select({ email: customers.email, firstName: customers.firstName })
      .from(customers)
      .where(eq(customers.id, written.customerId));
    return customer ? recoveryMail(customer, code, caller.language) : null;
  });
}

type CodeCheck = "changed" | "invalid";

/**
 * Step 2 (ModificarClave/CodigoRecupero). Tries are limited per address (recoveryCode.pair
 * and .address), so an address's wrong tries refuse that address only. The customer's codes
 * are locked while checked, so two tries at once cannot both use one or both escape the
 * count of wrong tries. The candidate is compared with every live code; a wrong try counts
 * against each (the fiftieth kills it); the right one deletes every code of the customer,
 * sets the password and ends every session, all in one transaction.
 */
export async function resetPasswordWithCode(
  deps: CommerceDeps,
  request: ResetPasswordRequest,
  caller: Caller,
): Promise<void> {
  await countAttempt(deps, "recoveryCode", {
    address: caller.clientAddress,
    email: request.cEmail,
  });
  const email = normalizeEmail(request.cEmail);
  const candidate = recoveryCodeHash(deps.ticketSecret, email, request.cCodigo);
  // Hashed before looking, whatever is found: the same work for every answer.
  const passwordHash = await hashPassword(request.cClave);
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<CodeCheck> => {
    const found = await tx
      .select({ code: passwordRecoveryCodes })
      .from(passwordRecoveryCodes)
      .innerJoin(customers, eq(customers.id, passwordRecoveryCodes.customerId))
      .where(eq(customers.email, email))
      .for("update", { of: passwordRecoveryCodes });
    if (found.length === 0) return "invalid";
    const { customerId } = found[0].code;
    const ofCustomer = eq(passwordRecoveryCodes.customerId, customerId);
    const live = found
      .map(({ code }) => code)
      .filter((code) => isRecoveryCodeLive(code.expiresAt, now));
    if (
      matchingCode(
        live.map((code) => code.codeHash),
        candidate,
      ) < 0
    ) {
      // Expired codes and those this try uses up go; the others count one more wrong try.
      const kept = new Set(
        live.filter((code) => !isUsedUp(code.failedAttempts)).map((code) => code.requestedFrom),
      );
      const gone = found.map(({ code }) => code.requestedFrom).filter((from) => !kept.has(from));
      if (gone.length > 0) {
        await tx
          .delete(passwordRecoveryCodes)
          .where(and(ofCustomer, inArray(passwordRecoveryCodes.requestedFrom, gone)));
      }
      if (kept.size > 0) {
        await tx
          .update(passwordRecoveryCodes)
          .set({ failedAttempts: sql`${passwordRecoveryCodes.failedAttempts} + 1` })
          .where(and(ofCustomer, inArray(passwordRecoveryCodes.requestedFrom, [...kept])));
      }
      return "invalid";
    }
    await tx.delete(passwordRecoveryCodes).where(ofCustomer);
    await tx.update(customers).set({ passwordHash }).where(eq(customers.id, customerId));
    await revokeCustomerTokens(tx, customerId);
    return "changed";
  });
  if (outcome === "invalid") {
    throw businessError("RECOVERY_CODE_INVALID", undefined, { cCodigo: ["recoveryCodeWrong"] });
  }
  // The owner has the mailbox: failed logins before, theirs or an attacker's, refuse them
  // nothing now (limits/login-throttle.ts).
  await forgetFailedLogins(deps, email);
}
