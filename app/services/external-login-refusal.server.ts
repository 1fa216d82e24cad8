// Why a return from the city's login was refused, as the log may say it (decision 0065):
// which check failed and the provider's own error code, never a token, code or claim.
import * as oidc from "openid-client";
import { log } from "./log.server";

/**
 * Why a return from the provider was refused, as it may be logged: which check failed, and the
 * provider's own error code (`access_denied`, `invalid_grant`…). No value of the person's,
 * and nothing a thief could use (tokens, the code, state, nonce).
 */
export type LoginRefusal = {
  reason:
    | "flow"
    | "state"
    | "nonce"
    | "issuer"
    | "audience"
    | "expiry"
    | "signature"
    | "provider_error"
    | "token_error"
    | "no_id_token"
    | "unreachable"
    | "api_refused"
    | "other";
  providerError?: string;
  status?: number;
  code?: string;
};

/** An error code as a provider or library gives it; anything else (free text) is not logged. */
const loggableCode = (value: unknown) =>
  typeof value === "string" && /^[A-Za-z0-9_.-]{1,64}$/.test(value) ? value : undefined;

/** The check that refused an error of openid-client's (codes of oauth4webapi). */
export function refusalOf(error: unknown): LoginRefusal {
  if (error instanceof oidc.AuthorizationResponseError) {
    return { reason: "provider_error", providerError: loggableCode(error.error) };
  }
  if (error instanceof oidc.ResponseBodyError) {
    return {
      reason: "token_error",
      providerError: loggableCode(error.error),
      status: error.status,
    };
  }
  if (!(error instanceof Error)) return { reason: "other" };
  const code = loggableCode((error as { code?: unknown }).code);
  // openid-client's ClientError wraps oauth4webapi's error, which names the claim or parameter.
  const inner = error.cause instanceof Error ? error.cause : error;
  const claim = (inner.cause as { claim?: unknown } | undefined)?.claim;
  switch (code) {
    case "OAUTH_JWT_CLAIM_COMPARISON_FAILED":
      if (claim === "nonce") return { reason: "nonce", code };
      if (claim === "iss") return { reason: "issuer", code };
      if (claim === "aud" || claim === "azp") return { reason: "audience", code };
      return { reason: "other", code };
    case "OAUTH_JWT_TIMESTAMP_CHECK_FAILED":
      return { reason: "expiry", code };
    case "OAUTH_KEY_SELECTION_FAILED":
      return { reason: "signature", code };
    case "OAUTH_INVALID_RESPONSE":
      if (inner.message.includes('"state"')) return { reason: "state", code };
      if (inner.message.includes('"iss"')) return { reason: "issuer", code };
      if (inner.message.includes("signature")) return { reason: "signature", code };
      return { reason: "other", code };
    case "OAUTH_RESPONSE_IS_NOT_CONFORM":
    case "OAUTH_RESPONSE_IS_NOT_JSON":
      return { reason: "token_error", code };
  }
  // fetch's own failure: the token endpoint could not be reached.
  if (error instanceof TypeError) return { reason: "unreachable" };
  return { reason: "other", code };
}

export function logRefusal(refusal: LoginRefusal) {
  log.warn({ event: "external_login_refused", ...refusal }, "external login refused");
}
