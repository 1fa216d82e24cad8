// Password handlers: a recovery code by mail, a new password with it, a change of password.
import {
  changePasswordEndpoint,
  recoveryCodeEndpoint,
  resetPasswordEndpoint,
} from "../contract/index.ts";
import { changePassword } from "../customers/password-change.ts";
import { requestRecoveryCode, resetPasswordWithCode } from "../customers/recovery.ts";
import type { CommerceDeps } from "../deps.ts";
import { unauthorized } from "../errors.ts";
import { bearerToken, implement } from "./register.ts";

export function accountSecurityHandlers(deps: CommerceDeps) {
  return [
    implement(recoveryCodeEndpoint, async ({ body, clientAddress, language }) => {
      await requestRecoveryCode(deps, body, { clientAddress, language });
      return { lSolicitudRecibida: true as const };
    }),
    implement(resetPasswordEndpoint, async ({ body, clientAddress }) => {
      await resetPasswordWithCode(deps, body, { clientAddress });
      return { lClaveModificada: true as const };
    }),
    implement(changePasswordEndpoint, async ({ body, clientAddress, customerId, c }) => {
      // Access already checked the token; it is read again to keep this session alive.
      const token = bearerToken(c);
      if (!token) throw unauthorized();
      await changePassword(deps, body, { clientAddress, customerId, token });
      return { lClaveModificada: true as const };
    }),
  ];
}
