// remix-utils' honeypot on the public forms (login, sign-up): a field people never see nor
// hear (display: none) that simple bots fill in, and the encrypted time the form was served
// (a form posted "from the future" or with a forged time is refused). The seed comes from
// the session secret, so every server of the shop reads the others' forms.
import { Honeypot } from "remix-utils/honeypot/server";
import { config } from "./config.server";

const honeypot = new Honeypot({
  nameFieldName: "cConfirmacionNombre",
  validFromFieldName: "cConfirmacionDesde",
  encryptionSeed: `honeypot:${config.sessionSecret}`,
});

export type HoneypotFieldsProps = Awaited<ReturnType<Honeypot["getInputProps"]>>;

/** The fields' names and the encrypted "served at" for a form rendered now. */
export function honeypotFields(): Promise<HoneypotFieldsProps> {
  return honeypot.getInputProps();
}

/** Whether the submission fell into the trap (a filled field, a forged or future time). */
export async function isSpam(form: FormData): Promise<boolean> {
  try {
    await honeypot.check(form);
    return false;
  } catch {
    // A SpamError, or the decryption's own error for a forged time (remix-utils 9.3 lets
    // that DOMException through): either way the form did not come from our page.
    return true;
  }
}
