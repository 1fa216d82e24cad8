// Customer accounts: sign-up (which also signs in), login with e-mail and password, own data
// (read and changed only through the caller's own token: the customer id comes from it).
// Sign-up and login are rate-limited per client address and per e-mail (limits/).
import { eq } from "drizzle-orm";
import {
  type AliasRequest,
  type CustomerInfo,
  documentTypes,
  genders,
  isoBirthDate,
  type LoginRequest,
  type PersonalDataRequest,
  type SessionUser,
  type SignUpRequest,
} from "../contract/index.ts";
import { customers } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, notFound } from "../errors.ts";
import { countAttempt, countLoginAttempt } from "../limits/counters.ts";
import { listAddresses } from "./addresses.ts";
import { hashPassword, unknownUserHash, verifyPassword } from "./password.ts";
import { insertSignUpPhone, listPhones } from "./phones.ts";
import { startSession } from "./tokens.ts";

type CustomerRow = typeof customers.$inferSelect;

/** E-mails are unique case-insensitively: they are stored lower-cased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Who is calling, for the rate limits: the client's address when known. */
export type Caller = { clientAddress: string | null };

export async function signUp(
  deps: CommerceDeps,
  request: SignUpRequest,
  caller: Caller,
): Promise<SessionUser> {
  // Every attempt counts, taken or not: scripts also probe which e-mails have accounts.
  await countAttempt(deps, "signUp", { address: caller.clientAddress, email: request.cEmail });
  const passwordHash = await hashPassword(request.cClave);
  // The customer and their default phone, if given, together or not at all.
  const customer = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(customers)
      .values({
        email: normalizeEmail(request.cEmail),
        passwordHash,
        firstName: request.cNombre,
        lastName: request.cApellido,
        gender: request.cGenero,
        documentType: request.cTipoDocumento,
        documentNumber: request.cNumeroDocumento,
        birthDate: birthDateOf(request),
        alias: request.cAlias ?? null,
        telegramUser: request.cUsuarioTelegram ?? null,
        createdAt: deps.now(),
      })
      // One statement decides, so two simultaneous sign-ups cannot both get the address.
      .onConflictDoNothing({ target: customers.email })
      .returning();
    if (created && request.oTelefono) {
      await insertSignUpPhone(tx, created.id, request.oTelefono, deps.now());
    }
    return created;
  });
  if (!customer) throw businessError("EMAIL_TAKEN", undefined, { cEmail: ["emailTaken"] });
  return startSession(deps, customer);
}

export async function logIn(
  deps: CommerceDeps,
  request: LoginRequest,
  caller: Caller,
): Promise<SessionUser> {
  // Counted before the password is checked, so guesses in flight together cannot overrun
  // the limit, and a refused attempt answers the same whether the password is right or not.
  // Refusals are per address (limits/login-throttle.ts): no one can lock the owner out.
  const attempt = await countLoginAttempt(deps, {
    address: caller.clientAddress,
    email: request.cEmail,
  });
  const [customer] = await deps.db
    .select()
    .from(customers)
    .where(eq(customers.email, normalizeEmail(request.cEmail)))
    .limit(1);
  // Verify against a dummy hash for unknown e-mails: same work, same answer either way.
  const matches = await verifyPassword(
    request.cClave,
    customer?.passwordHash ?? (await unknownUserHash()),
  );
  if (!customer || !matches) throw businessError("BAD_CREDENTIALS");
  // Only failed logins count against the limits.
  await attempt.succeeded();
  return startSession(deps, customer);
}

function birthDateOf(request: PersonalDataRequest) {
  return isoBirthDate({
    day: request.nNacimientoDia,
    month: request.nNacimientoMes,
    year: request.nNacimientoAnio,
  });
}

function customerInfo(row: CustomerRow): Omit<CustomerInfo, "aTelefonos" | "aDomicilios"> {
  return {
    idCliente: row.id,
    cNombre: row.firstName,
    cApellido: row.lastName,
    cEmail: row.email,
    cGenero: genders.find((g) => g === row.gender) ?? "NO_INFORMA",
    cTipoDocumento: documentTypes.find((d) => d === row.documentType) ?? "OTRO",
    cNumeroDocumento: row.documentNumber,
    cAlias: row.alias,
    dNacimiento: row.birthDate,
    cUsuarioTelegram: row.telegramUser,
  };
}

export async function loadCustomerInfo(deps: CommerceDeps, customerId: number) {
  const [customer] = await deps.db
    .select()
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!customer) throw notFound();
  return withContacts(deps, customer);
}

/** The customer's data with their phones and addresses, as Cliente/Informacion answers it. */
async function withContacts(deps: CommerceDeps, customer: CustomerRow): Promise<CustomerInfo> {
  const [aTelefonos, aDomicilios] = await Promise.all([
    listPhones(deps, customer.id),
    listAddresses(deps, customer.id),
  ]);
  return { ...customerInfo(customer), aTelefonos, aDomicilios };
}

/** Changes the token's own customer and answers their data as they are now. */
async function updateOwnCustomer(
  deps: CommerceDeps,
  customerId: number,
  changes: Partial<typeof customers.$inferInsert>,
): Promise<CustomerInfo> {
  const [customer] = await deps.db
    .update(customers)
    .set(changes)
    .where(eq(customers.id, customerId))
    .returning();
  if (!customer) throw notFound();
  return withContacts(deps, customer);
}

/** My data: name, gender, document and birthday (never the e-mail). */
export function updatePersonalData(
  deps: CommerceDeps,
  customerId: number,
  request: PersonalDataRequest,
): Promise<CustomerInfo> {
  return updateOwnCustomer(deps, customerId, {
    firstName: request.cNombre,
    lastName: request.cApellido,
    gender: request.cGenero,
    documentType: request.cTipoDocumento,
    documentNumber: request.cNumeroDocumento,
    birthDate: birthDateOf(request),
  });
}

/** Sets, changes or (null) clears the own alias. Aliases are not unique (decision 0025). */
export function updateAlias(
  deps: CommerceDeps,
  customerId: number,
  request: AliasRequest,
): Promise<CustomerInfo> {
  return updateOwnCustomer(deps, customerId, { alias: request.cAlias });
}
