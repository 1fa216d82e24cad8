// Handlers of a customer's phones and addresses (Cliente/Telefono/*, Cliente/Domicilio/*).
// Always the caller's own: the areas look rows up by id and customer together.
import {
  deleteAddressEndpoint,
  deletePhoneEndpoint,
  insertAddressEndpoint,
  insertPhoneEndpoint,
  updateAddressEndpoint,
  updatePhoneEndpoint,
} from "../contract/index.ts";
import { deleteAddress, insertAddress, updateAddress } from "../customers/addresses.ts";
import { deletePhone, insertPhone, updatePhone } from "../customers/phones.ts";
import type { CommerceDeps } from "../deps.ts";
import { implement } from "./register.ts";

const deleted = { lEliminado: true as const };

export function contactHandlers(deps: CommerceDeps) {
  return [
    implement(insertPhoneEndpoint, ({ customerId, body }) => insertPhone(deps, customerId, body)),
    implement(updatePhoneEndpoint, ({ customerId, params, body }) =>
      updatePhone(deps, customerId, params.idClienteTelefono, body),
    ),
    implement(deletePhoneEndpoint, async ({ customerId, params }) => {
      await deletePhone(deps, customerId, params.idClienteTelefono);
      return deleted;
    }),
    implement(insertAddressEndpoint, ({ customerId, body }) =>
      insertAddress(deps, customerId, body),
    ),
    implement(updateAddressEndpoint, ({ customerId, params, body }) =>
      updateAddress(deps, customerId, params.idClienteDomicilio, body),
    ),
    implement(deleteAddressEndpoint, async ({ customerId, params }) => {
      await deleteAddress(deps, customerId, params.idClienteDomicilio);
      return deleted;
    }),
  ];
}
