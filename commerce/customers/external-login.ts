// The city's external login (decision 0028): a verified ID token's subject is linked to a
// customer, made at the first login from the token's claims; what the claims lack (the
// document, most often) is named in the link as pending and completed later through
// completeAdditionalData. The customer's session is an API token like the own login's.

import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { documentNumberProblem } from "../contract/document-number.ts";
import {
  type AdditionalDataField,
  type AdditionalDataRequest,
  additionalDataFields,
  documentTypes,
  type ExternalSession,
  type genders,
  signUpRequest,
} from "../contract/index.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { customers, externalLogins } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { ApiError, businessError, notFound, unauthorized, validationError } from "../errors.ts";
import { IdentityProviderUnavailable, type IdTokenVerifier } from "./id-token.ts";
import { startSession } from "./tokens.ts";

type CustomerValues = {
  firstName: string;
  lastName: string;
  email: string;
  gender: string;
  documentType: string;
  documentNumber: string;
};

/** Never a password: verifyPassword refuses anything not shaped as a scrypt hash. */
const NO_PASSWORD = "external-login";

const genderClaims: Record<string, (typeof genders)[number]> = {
  female: "FEMENINO",
  male: "MASCULINO",
  other: "OTRO",
};

const fieldColumns: Record<AdditionalDataField, keyof CustomerValues> = {
  cNombre: "firstName",
  cApellido: "lastName",
  cEmail: "email",
  cGenero: "gender",
  cTipoDocumento: "documentType",
  cNumeroDocumento: "documentNumber",
};

/** A claim's value when it passes the sign-up's rule for the field, else undefined. */
function valid(field: AdditionalDataField, value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const parsed = signUpRequest.shape[field].safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * What a customer made from the provider's claims holds, and which fields are missing.
 * Standard claims (given_name, family_name, email, gender) and, for the document, the claims
 * document_type (one of the shop's types) and document_number. Missing fields hold
 * placeholders until completed; a missing e-mail is a unique address that reaches no one.
 */
export function customerFromClaims(claims: Record<string, unknown>): {
  values: CustomerValues;
  missing: AdditionalDataField[];
} {
  const given: Partial<Record<AdditionalDataField, string>> = {
    cNombre: valid("cNombre", claims.given_name),
    cApellido: valid("cApellido", claims.family_name),
    cEmail: claims.email_verified === false ? undefined : valid("cEmail", claims.email),
    cGenero: typeof claims.gender === "string" ? genderClaims[claims.gender] : undefined,
    cTipoDocumento: documentTypes.find((type) => type === claims.document_type),
    cNumeroDocumento: valid("cNumeroDocumento", claims.document_number),
  };
  // A document is a type and a number together, the number judged against its type.
  if (
    !given.cTipoDocumento ||
    !given.cNumeroDocumento ||
    documentNumberProblem(given.cTipoDocumento, given.cNumeroDocumento)
  ) {
    given.cTipoDocumento = undefined;
    given.cNumeroDocumento = undefined;
  }
  const missing = additionalDataFields.filter((field) => given[field] === undefined);
  return {
    values: {
      firstName: given.cNombre ?? "",
      lastName: given.cApellido ?? "",
      email: given.cEmail?.toLowerCase() ?? placeholderEmail(),
      gender: given.cGenero ?? "NO_INFORMA",
      documentType: given.cTipoDocumento ?? "NO_IDENTIFICADO",
      documentNumber: given.cNumeroDocumento ?? "",
    },
    missing,
  };
}

function placeholderEmail() {
  return `pending-${randomUUID()}@external-login.invalid`;
}

/** The customer linked to the subject, made (with its link) on the first login. */
async function linkedCustomer(
  deps: CommerceDeps,
  identity: { issuer: string; subject: string; claims: Record<string, unknown> },
) {
  return deps.db.transaction(async (tx) => {
    // One statement decides: a concurrent first login of the same subject waits on the
    // unique key here and then finds the row this one made.
    const [created] = await tx
      .insert(externalLogins)
      .values({ issuer: identity.issuer, subject: identity.subject, createdAt: deps.now() })
      .onConflictDoNothing()
      .returning({ id: externalLogins.id });
    if (created) {
      const { values, missing } = customerFromClaims(identity.claims);
      let [customer] = await tx
        .insert(customers)
        .values({ ...values, passwordHash: NO_PASSWORD, createdAt: deps.now() })
        .onConflictDoNothing({ target: customers.email })
        .returning();
      if (!customer) {
        // The e-mail belongs to another account: it is not taken over, the customer gives
        // another one (decision 0028).
        [customer] = await tx
          .insert(customers)
          .values({
            ...values,
            email: placeholderEmail(),
            passwordHash: NO_PASSWORD,
            createdAt: deps.now(),
          })
          .returning();
        if (!missing.includes("cEmail")) missing.splice(2, 0, "cEmail");
      }
      await tx
        .update(externalLogins)
        .set({ customerId: customer.id, pendingFields: missing })
        .where(eq(externalLogins.id, created.id));
      return { customer, pending: missing };
    }
    const [found] = await tx
      .select({ customer: customers, pending: externalLogins.pendingFields })
      .from(externalLogins)
      .innerJoin(customers, eq(customers.id, externalLogins.customerId))
      .where(
        and(
          eq(externalLogins.issuer, identity.issuer),
          eq(externalLogins.subject, identity.subject),
        ),
      )
      .limit(1);
    if (!found) throw new Error("external login without its customer");
    return found;
  });
}

function pendingOf(stored: readonly string[]): AdditionalDataField[] {
  return additionalDataFields.filter((field) => stored.includes(field));
}

export async function logInExternally(
  deps: CommerceDeps,
  idToken: string | null,
): Promise<ExternalSession> {
  if (!deps.verifyIdToken) throw notFound();
  if (!idToken) throw unauthorized();
  let identity: Awaited<ReturnType<IdTokenVerifier>>;
  try {
    identity = await deps.verifyIdToken(idToken);
  } catch (error) {
    if (error instanceof IdentityProviderUnavailable) throw new ApiError("INTERNAL", 502, 502);
    throw error;
  }
  if (!identity) throw unauthorized();
  const { customer, pending } = await linkedCustomer(deps, identity);
  const session = await startSession(deps, customer);
  return { ...session, aDatosFaltantes: pendingOf(pending) };
}

/**
 * Completes the pending fields with the sign-up's rules; every pending field is required, the
 * others are ignored. An own-login customer has nothing to complete here (404).
 */
export async function completeAdditionalData(
  deps: CommerceDeps,
  customerId: number,
  request: AdditionalDataRequest,
) {
  return deps.db.transaction(async (tx) => {
    const [link] = await tx
      .select({ id: externalLogins.id, pending: externalLogins.pendingFields })
      .from(externalLogins)
      .where(eq(externalLogins.customerId, customerId))
      .for("update")
      .limit(1);
    if (!link) throw notFound();
    const pending = pendingOf(link.pending);
    const errors: Record<string, string[]> = {};
    const changes: Partial<CustomerValues> = {};
    for (const field of pending) {
      const value = request[field];
      if (value === undefined) {
        // The sign-up's own message for an empty field.
        const empty = signUpRequest.shape[field].safeParse(undefined);
        errors[field] = empty.success ? ["required"] : [empty.error.issues[0].message];
        continue;
      }
      changes[fieldColumns[field]] = field === "cEmail" ? value.toLowerCase() : value;
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
    let customer: typeof customers.$inferSelect | undefined;
    if (Object.keys(changes).length > 0) {
      try {
        [customer] = await tx
          .update(customers)
          .set(changes)
          .where(eq(customers.id, customerId))
          .returning();
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw businessError("EMAIL_TAKEN", undefined, { cEmail: ["emailTaken"] });
        }
        throw error;
      }
    } else {
      [customer] = await tx.select().from(customers).where(eq(customers.id, customerId));
    }
    await tx
      .update(externalLogins)
      .set({ pendingFields: sql`'[]'::jsonb` })
      .where(eq(externalLogins.id, link.id));
    return { aDatosFaltantes: [], cNombre: customer.firstName, cEmail: customer.email };
  });
}
