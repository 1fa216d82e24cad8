// The honeypot of the public forms: remix-utils' HoneypotInputs render a field people never
// see and leave empty; a script that fills every field gives itself away. remix-utils' server
// half (which also signs a "valid from" time) needs @oslojs/crypto and @oslojs/encoding,
// which this project does not install (decision 0023), so the check of that one field is here.
import type { HoneypotInputProps } from "remix-utils/honeypot/server";

/** What HoneypotProvider hands to HoneypotInputs: the field's name, no signed time. */
export const honeypotInputProps = {
  nameFieldName: "name__confirm",
  validFromFieldName: null,
} satisfies Omit<HoneypotInputProps, "encryptedValidFrom">;

/** Whether a script filled the form: the hidden field came back with something in it. */
export function isSpam(formData: FormData): boolean {
  const value = formData.get(honeypotInputProps.nameFieldName);
  return value !== null && value !== "";
}
