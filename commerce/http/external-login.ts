// External login handlers: Cliente/Externo (the provider's ID token as Bearer) and the
// completion of the data the provider did not give.
import { additionalDataEndpoint, externalLoginEndpoint } from "../contract/index.ts";
import { completeAdditionalData, logInExternally } from "../customers/external-login.ts";
import type { CommerceDeps } from "../deps.ts";
import { bearerToken, implement } from "./register.ts";

export function externalLoginHandlers(deps: CommerceDeps) {
  return [
    implement(externalLoginEndpoint, ({ c }) => logInExternally(deps, bearerToken(c))),
    implement(additionalDataEndpoint, ({ customerId, body }) =>
      completeAdditionalData(deps, customerId, body),
    ),
  ];
}
