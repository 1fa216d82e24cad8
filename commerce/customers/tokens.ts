// API session tokens: 32 random bytes handed to the caller once; only their SHA-256 is
// stored, with an expiry (spec §9: 180 minutes).
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lte, ne, sql } from "drizzle-orm";
import type { SessionUser } from "../contract/index.ts";
import type { Database, Executor } from "../db/client.ts";
import { preparedOn } from "../db/prepared.ts";
import { apiTokens, type customers, externalLogins } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { staffRolesOf } from "./staff.ts";

type CustomerRow = typeof customers.$inferSelect;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new token for the customer, as the session the caller keeps. */
export async function startSession(
  deps: Pick<CommerceDeps, "db" | "now" | "loginMinutes">,
  customer: CustomerRow,
): Promise<SessionUser> {
  const token = randomBytes(32).toString("base64url");
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + deps.loginMinutes * 60_000);
  const roles = await staffRolesOf(deps.db, customer.id);
  // Housekeeping: the customer's expired tokens are useless, drop them on each login.
  await deps.db
    .delete(apiTokens)
    .where(and(eq(apiTokens.customerId, customer.id), lte(apiTokens.expiresAt, now)));
  await deps.db
    .insert(apiTokens)
    .values({ tokenHash: hashToken(token), customerId: customer.id, createdAt: now, expiresAt });
  return {
    token,
    cNombre: customer.firstName,
    cEmail: customer.email,
    lAlias: customer.alias !== null,
    lTaquilla: roles.has("BOX_CLERK"),
    lPuerta: roles.has("DOOR_STAFF"),
    dLogin: now.toISOString(),
    dExpira: expiresAt.toISOString(),
  };
}

/** Ends a session: the token's row goes, so it is refused everywhere from now on. */
export async function revokeToken(db: Executor, token: string): Promise<void> {
  await db.delete(apiTokens).where(eq(apiTokens.tokenHash, hashToken(token)));
}

/**
 * Ends every session of a customer (a new password), or every one but the caller's
 * (`keepToken`: the session that changed the password goes on).
 */
export async function revokeCustomerTokens(
  db: Executor,
  customerId: number,
  keepToken?: string,
): Promise<void> {
  const ofCustomer = eq(apiTokens.customerId, customerId);
  await db
    .delete(apiTokens)
    .where(keepToken ? and(ofCustomer, ne(apiTokens.tokenHash, hashToken(keepToken))) : ofCustomer);
}

/** Who a valid, unexpired token belongs to. */
export type TokenCaller = {
  customerId: number;
  /** An external login's customer whose data the provider left incomplete (/additionalData). */
  dataPending: boolean;
};

const tokenLookup = (db: Database) =>
  db
    .select({
      customerId: apiTokens.customerId,
      dataPending: sql<boolean>`coalesce(${externalLogins.pendingFields} <> '[]'::jsonb, false)`,
    })
    .from(apiTokens)
    .leftJoin(externalLogins, eq(externalLogins.customerId, apiTokens.customerId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder("hash")),
        gt(apiTokens.expiresAt, sql.placeholder("now")),
      ),
    )
    .limit(1)
    .prepare("caller_of_token");

/**
 * The customer a valid, unexpired token belongs to, or null; one statement either way, a
 * prepared one (every call of a customer asks it).
 */
export async function callerOfToken(
  db: Database,
  token: string,
  now: Date,
): Promise<TokenCaller | null> {
  const [row] = await preparedOn(db, "caller_of_token", tokenLookup).execute({
    hash: hashToken(token),
    // Placeholders skip the column's encoder: the instant goes as text, as it would have.
    now: now.toISOString(),
  });
  return row ?? null;
}
