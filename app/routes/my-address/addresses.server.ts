// /myAddress's side of the API: the contact book's actions bound to the address endpoints.
import { endpoints } from "@contract";
import { addressForm } from "~/lib/forms";
import type { ContactBook } from "~/services/contact-book.server";

export const addressBook: ContactBook<typeof addressForm> = {
  path: "/myAddress",
  notices: {
    add: "account:addresses.notices.add",
    edit: "account:addresses.notices.edit",
    makeDefault: "account:addresses.notices.makeDefault",
    delete: "account:addresses.notices.delete",
  },
  form: addressForm,
  idField: "idClienteDomicilio",
  insert: (commerce, body) => commerce.call(endpoints.insertAddress, { body }),
  update: (commerce, id, body) =>
    commerce.call(endpoints.updateAddress, { params: { idClienteDomicilio: id }, body }),
  remove: (commerce, id) =>
    commerce.call(endpoints.deleteAddress, { params: { idClienteDomicilio: id } }),
};
