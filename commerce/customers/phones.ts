// A customer's phones (spec §3 Phone): the contract's names mapped to rows; the default
// rules and the locking are the contact book's (contact-book.ts).
import {
  type InsertPhoneRequest,
  MAX_PHONES,
  type Phone,
  phoneTypes,
  type UpdatePhoneRequest,
} from "../contract/index.ts";
import type { Transaction } from "../db/client.ts";
import { customerPhones } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import {
  type Book,
  deleteEntry,
  insertEntry,
  insertEntryIn,
  listEntries,
  updateEntry,
} from "./contact-book.ts";
import { defaultFirst } from "./default-rules.ts";

/** The same line however it was written: its digits (and a leading +) and its type. */
const dialled = (number: string) => number.replace(/[^0-9+]/g, "");

const phoneBook: Book<typeof customerPhones> = {
  table: customerPhones,
  limit: MAX_PHONES,
  sameEntry: (row, data) => row.kind === data.kind && dialled(row.number) === dialled(data.number),
};

type PhoneRow = typeof customerPhones.$inferSelect;

function phoneOf(row: PhoneRow): Phone {
  return {
    idClienteTelefono: row.id,
    cTipo: phoneTypes.find((type) => type === row.kind) ?? "MOVIL",
    cNumero: row.number,
    lPredeterminado: row.isDefault,
  };
}

export async function listPhones(deps: Pick<CommerceDeps, "db">, customerId: number) {
  return defaultFirst(await listEntries(deps, phoneBook, customerId)).map(phoneOf);
}

export async function insertPhone(
  deps: CommerceDeps,
  customerId: number,
  request: InsertPhoneRequest,
): Promise<Phone> {
  const data = { kind: request.cTipo, number: request.cNumero };
  return phoneOf(await insertEntry(deps, phoneBook, customerId, data, request.lPredeterminado));
}

/** The phone given at sign-up, in the sign-up's transaction: the first, so the default. */
export async function insertSignUpPhone(
  tx: Transaction,
  customerId: number,
  phone: Pick<InsertPhoneRequest, "cTipo" | "cNumero">,
  now: Date,
) {
  await insertEntryIn(
    tx,
    phoneBook,
    customerId,
    { kind: phone.cTipo, number: phone.cNumero },
    true,
    now,
  );
}

export async function updatePhone(
  deps: CommerceDeps,
  customerId: number,
  phoneId: number,
  request: UpdatePhoneRequest,
): Promise<Phone> {
  const row = await updateEntry(
    deps,
    phoneBook,
    customerId,
    phoneId,
    () => ({
      ...(request.cTipo !== undefined ? { kind: request.cTipo } : {}),
      ...(request.cNumero !== undefined ? { number: request.cNumero } : {}),
    }),
    request.lPredeterminado,
  );
  return phoneOf(row);
}

export function deletePhone(deps: CommerceDeps, customerId: number, phoneId: number) {
  return deleteEntry(deps, phoneBook, customerId, phoneId);
}
