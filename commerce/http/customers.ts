// Customer routes: sign-up (which also signs in), login with a Bearer token, own data.
import { randomBytes } from "node:crypto";
import { and, eq, lte } from "drizzle-orm";
import { Hono } from "hono";
import {
  type CustomerInfo,
  documentTypes,
  genders,
  loginRequest,
  type SessionUser,
  signUpRequest,
} from "../contract/index.ts";
import { apiTokens, customers } from "../db/schema.ts";
import { businessErrorNCodes } from "../domain/errors.ts";
import { hashPassword, unknownUserHash, verifyPassword } from "../domain/password.ts";
import {
  ApiError,
  type CommerceDeps,
  type CommerceEnv,
  hashToken,
  notFound,
  ok,
  readBody,
  requireCustomer,
} from "./support.ts";

type CustomerRow = typeof customers.$inferSelect;

/** E-mails are unique case-insensitively: they are stored lower-cased. */
const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A new API token: 32 random bytes for the caller; only its SHA-256 is stored. */
async function startSession(deps: CommerceDeps, customer: CustomerRow): Promise<SessionUser> {
  const token = randomBytes(32).toString("base64url");
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + deps.loginMinutes * 60_000);
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
    dLogin: now.toISOString(),
    dExpira: expiresAt.toISOString(),
  };
}

function customerInfo(row: CustomerRow): CustomerInfo {
  return {
    idCliente: row.id,
    cNombre: row.firstName,
    cApellido: row.lastName,
    cEmail: row.email,
    cGenero: genders.find((g) => g === row.gender) ?? "NO_INFORMA",
    cTipoDocumento: documentTypes.find((d) => d === row.documentType) ?? "OTRO",
    cNumeroDocumento: row.documentNumber,
    cAlias: row.alias,
  };
}

export function customerRoutes(deps: CommerceDeps) {
  const app = new Hono<CommerceEnv>();
  const auth = requireCustomer(deps);

  app.post("/Cliente/Insertar", async (c) => {
    const body = await readBody(c, signUpRequest);
    const [customer] = await deps.db
      .insert(customers)
      .values({
        email: normalizeEmail(body.cEmail),
        passwordHash: await hashPassword(body.cClave),
        firstName: body.cNombre,
        lastName: body.cApellido,
        gender: body.cGenero,
        documentType: body.cTipoDocumento,
        documentNumber: body.cNumeroDocumento,
        createdAt: deps.now(),
      })
      // One statement decides, so two simultaneous sign-ups cannot both get the address.
      .onConflictDoNothing({ target: customers.email })
      .returning();
    if (!customer) {
      throw new ApiError("EMAIL_TAKEN", businessErrorNCodes.EMAIL_TAKEN, 200, {
        cEmail: ["emailTaken"],
      });
    }
    return ok(c, await startSession(deps, customer));
  });

  app.post("/Cliente/Ingreso/Token", async (c) => {
    const body = await readBody(c, loginRequest);
    const [customer] = await deps.db
      .select()
      .from(customers)
      .where(eq(customers.email, normalizeEmail(body.cEmail)))
      .limit(1);
    // Verify against a dummy hash for unknown e-mails: same work, same answer either way.
    const matches = await verifyPassword(
      body.cClave,
      customer?.passwordHash ?? (await unknownUserHash()),
    );
    if (!customer || !matches) {
      throw new ApiError("BAD_CREDENTIALS", businessErrorNCodes.BAD_CREDENTIALS, 200);
    }
    return ok(c, await startSession(deps, customer));
  });

  app.get("/Cliente/Informacion", auth, async (c) => {
    const [customer] = await deps.db
      .select()
      .from(customers)
      .where(eq(customers.id, c.get("customerId")))
      .limit(1);
    if (!customer) throw notFound();
    return ok(c, customerInfo(customer));
  });

  return app;
}
