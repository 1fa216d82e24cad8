// Password recovery: a code by mail, then a new password with it. Asking answers the same,
// after the same work, whether or not the e-mail has an account: the code is written and
// mailed after the answer (mail/send-later.ts). Both steps are rate-limited per
// e-mail and per client address, and a code dies when used, after 15 minutes, or after 5
// wrong tries. A new password ends every session of the customer and forgets the account's
// failed logins.
import { and, eq, sql } from "drizzle-orm";
import type { RecoveryCodeRequest, ResetPasswordRequest } from "../contract/index.ts";
import { customers, passwordRecoveryCodes } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError } from "../errors.ts";
import { type Language, translate } from "../i18n.ts";
import { countAttempt, forgetFailedLogins } from "../limits/counters.ts";
import { mailBodies } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { sendLater } from "../mail/send-later.ts";
import { type Caller, normalizeEmail } from "./accounts.ts";
import { hashPassword } from "./password.ts";
import {
  drawRecoveryCode,
  isRecoveryCodeLive,
  isUsedUp,
  RECOVERY_CODE_MINUTES,
  recoveryCodeExpiry,
  recoveryCodeHash,
  sameHash,
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
 * only when it has one, replacing any earlier code.
 */
export async function requestRecoveryCode(
  deps: CommerceDeps,
  request: RecoveryCodeRequest,
  caller: RecoveryCaller,
): Promise<void> {
  await countAttempt(deps, "passwordRecovery", {
    address: caller.clientAddress,
    email: request.cEmail,
  });
  const email = normalizeEmail(request.cEmail);
  const now = deps.now();
  void sendLater(deps.mailer, "password-recovery", async () => {
    const code = drawRecoveryCode();
    const [written] = await deps.db
      .insert(passwordRecoveryCodes)
      .select(
        sql`select ${customers.id}, ${recoveryCodeHash(deps.ticketSecret, email, code)}, ${recoveryCodeExpiry(now)}::timestamptz, 0, ${now}::timestamptz from ${customers} where ${customers.email} = ${email}`,
      )
      .onConflictDoUpdate({
        target: passwordRecoveryCodes.customerId,
        set: {
          codeHash: sql`excluded.code_hash`,
          expiresAt: sql`excluded.expires_at`,
          failedAttempts: 0,
          createdAt: sql`excluded.created_at`,
        },
      })
      .returning({ customerId: passwordRecoveryCodes.customerId });
    if (!written) return null;
    const [customer] = await deps.db
      .select({ email: customers.email, firstName: customers.firstName })
      .from(customers)
      .where(eq(customers.id, written.customerId));
    return customer ? recoveryMail(customer, code, caller.language) : null;
  });
}

type CodeCheck = "changed" | "invalid";

/**
 * Step 2 (ModificarClave/CodigoRecupero). The code's row is locked while it is checked, so
 * two tries at once cannot both use it or both escape the count of wrong tries. A wrong try
 * is counted (the fifth deletes the code); the right one deletes the code, sets the
 * password and ends every session, all in one transaction.
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
    const [found] = await tx
      .select({ code: passwordRecoveryCodes })
      .from(passwordRecoveryCodes)
      .innerJoin(customers, eq(customers.id, passwordRecoveryCodes.customerId))
      .where(eq(customers.email, email))
      .for("update", { of: passwordRecoveryCodes });
    if (!found) return "invalid";
    const { code } = found;
    const matches = sameHash(code.codeHash, candidate);
    const ofCode = eq(passwordRecoveryCodes.customerId, code.customerId);
    if (!isRecoveryCodeLive(code.expiresAt, now)) {
      await tx.delete(passwordRecoveryCodes).where(ofCode);
      return "invalid";
    }
    if (!matches) {
      if (isUsedUp(code.failedAttempts)) {
        await tx.delete(passwordRecoveryCodes).where(ofCode);
      } else {
        await tx
          .update(passwordRecoveryCodes)
          .set({ failedAttempts: sql`${passwordRecoveryCodes.failedAttempts} + 1` })
          .where(and(ofCode, eq(passwordRecoveryCodes.codeHash, code.codeHash)));
      }
      return "invalid";
    }
    await tx.delete(passwordRecoveryCodes).where(ofCode);
    await tx.update(customers).set({ passwordHash }).where(eq(customers.id, code.customerId));
    await revokeCustomerTokens(tx, code.customerId);
    return "changed";
  });
  if (outcome === "invalid") {
    throw businessError("RECOVERY_CODE_INVALID", undefined, { cCodigo: ["recoveryCodeWrong"] });
  }
  // The owner has the mailbox: failed logins before, theirs or an attacker's, refuse them
  // nothing now (limits/login-throttle.ts).
  await forgetFailedLogins(deps, email);
}
