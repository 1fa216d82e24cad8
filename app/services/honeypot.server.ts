// The honeypot of the public forms (components/honeypot-field.tsx): a field people never see
// and leave empty; a script that fills every field gives itself away. remix-utils' Honeypot
// would also sign a "valid from" time, but its server half needs @oslojs/crypto and
// @oslojs/encoding, which this project does not install (decision 0023).

/** The hidden field's name: one a form autofill would not fill in. */
export const honeypotFieldName = "name__confirm";

/** Whether a script filled the form: the hidden field came back with something in it. */
export function isSpam(formData: FormData): boolean {
  const value = formData.get(honeypotFieldName);
  return value !== null && value !== "";
}
