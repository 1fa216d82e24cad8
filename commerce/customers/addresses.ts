// A customer's addresses (spec §3 Address): the contract's names mapped to rows; the default
// rules and the locking are the contact book's (contact-book.ts).
import {
  type Address,
  addressTypes,
  countryCodes,
  type InsertAddressRequest,
  MAX_ADDRESSES,
  provinceBelongsToCountry,
  type UpdateAddressRequest,
} from "../contract/index.ts";
import { customerAddresses } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { fieldError } from "../errors.ts";
import { type Book, deleteEntry, insertEntry, listEntries, updateEntry } from "./contact-book.ts";
import { defaultFirst } from "./default-rules.ts";

const addressBook: Book<typeof customerAddresses> = {
  table: customerAddresses,
  limit: MAX_ADDRESSES,
  // Every field alike (texts as stored: trimmed, empty ones null).
  sameEntry: (row, data) =>
    (Object.keys(data) as Array<keyof typeof data>).every(
      (key) => (row[key] ?? null) === (data[key] ?? null),
    ),
};

type AddressRow = typeof customerAddresses.$inferSelect;
type AddressData = Omit<AddressRow, "id" | "customerId" | "isDefault" | "createdAt">;

function addressOf(row: AddressRow): Address {
  return {
    idClienteDomicilio: row.id,
    cTipo: addressTypes.find((type) => type === row.kind) ?? "PARTICULAR",
    cReferente: row.referrer,
    cCalle: row.street,
    cNumero: row.streetNumber,
    cPiso: row.floor,
    cDepartamento: row.apartment,
    cPais: countryCodes.find((code) => code === row.country) ?? "AR",
    cProvincia: row.province,
    cLocalidad: row.location,
    cCodigoPostal: row.zip,
    lPredeterminado: row.isDefault,
  };
}

/** The request's fields under the row's names (those it leaves out stay undefined). */
function rowFields(request: UpdateAddressRequest): Partial<AddressData> {
  const fields: Partial<AddressData> = {
    kind: request.cTipo,
    referrer: request.cReferente,
    street: request.cCalle,
    streetNumber: request.cNumero,
    floor: request.cPiso,
    apartment: request.cDepartamento,
    country: request.cPais,
    province: request.cProvincia,
    location: request.cLocalidad,
    zip: request.cCodigoPostal,
  };
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<AddressData>;
}

export async function listAddresses(deps: Pick<CommerceDeps, "db">, customerId: number) {
  return defaultFirst(await listEntries(deps, addressBook, customerId)).map(addressOf);
}

export async function insertAddress(
  deps: CommerceDeps,
  customerId: number,
  request: InsertAddressRequest,
): Promise<Address> {
  const data = rowFields(request) as AddressData;
  return addressOf(await insertEntry(deps, addressBook, customerId, data, request.lPredeterminado));
}

export async function updateAddress(
  deps: CommerceDeps,
  customerId: number,
  addressId: number,
  request: UpdateAddressRequest,
): Promise<Address> {
  const row = await updateEntry(
    deps,
    addressBook,
    customerId,
    addressId,
    (current) => {
      const changes = rowFields(request);
      // Only one of the pair sent: it must still fit the other one, as stored.
      const country = changes.country ?? current.country;
      const province = changes.province ?? current.province;
      if (!provinceBelongsToCountry(country, province)) {
        throw fieldError("cProvincia", "provinceNotInCountry");
      }
      return changes;
    },
    request.lPredeterminado,
  );
  return addressOf(row);
}

export function deleteAddress(deps: CommerceDeps, customerId: number, addressId: number) {
  return deleteEntry(deps, addressBook, customerId, addressId);
}
