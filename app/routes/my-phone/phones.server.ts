// /myPhone's side of the API: the caller's phones, and the contact book's actions bound to
// the phone endpoints.
import { endpoints } from "@contract";
import { phoneForm } from "~/lib/forms";
import type { ContactBook } from "~/services/contact-book.server";

export const phoneBook: ContactBook<typeof phoneForm> = {
  path: "/myPhone",
  notices: {
    add: "account:phones.notices.add",
    edit: "account:phones.notices.edit",
    makeDefault: "account:phones.notices.makeDefault",
    delete: "account:phones.notices.delete",
  },
  form: phoneForm,
  idField: "idClienteTelefono",
  insert: (commerce, body) => commerce.call(endpoints.insertPhone, { body }),
  update: (commerce, id, body) =>
    commerce.call(endpoints.updatePhone, { params: { idClienteTelefono: id }, body }),
  remove: (commerce, id) =>
    commerce.call(endpoints.deletePhone, { params: { idClienteTelefono: id } }),
};
