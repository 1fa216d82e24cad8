// Verification of the identity provider's ID tokens by the API itself (decision 0028): the
// API may run standalone, reachable by more than the storefront, so it believes no header
// saying who someone is, only a token the configured provider signed for this shop. Keys come
// from the provider's discovery document (its jwks_uri), cached, and fetched again at once
// when a token names a key not seen yet (the provider rotated), within a small budget
// (decision 0065). A refused token is logged with the reason, never with its content.
import { constants, createPublicKey, type JsonWebKey, type KeyObject, verify } from "node:crypto";
import { log } from "../log.ts";

export type VerifiedIdentity = {
  issuer: string;
  subject: string;
  /** The token's claims (profile, email, the document when the provider gives it). */
  claims: Record<string, unknown>;
};

/** The identity a token proves, or null for any token that is not good for this shop. */
export type IdTokenVerifier = (token: string) => Promise<VerifiedIdentity | null>;

/** The provider could not be asked for its keys: not the caller's fault, not a 401. */
export class IdentityProviderUnavailable extends Error {}

/** Why a token was refused: what an operator needs to tell a provider's fault from an attack. */
export type IdTokenRefusal =
  | "malformed"
  | "algorithm"
  | "issuer"
  | "audience"
  | "azp"
  | "expired"
  | "issued_in_future"
  | "subject"
  | "unknown_key"
  | "signature";

export type IdTokenVerifierOptions = {
  issuer: string;
  /** This shop's client id at the provider: a token for another client is refused. */
  audience: string;
  now: () => Date;
  fetch?: typeof fetch;
  /** Told why a token was refused (by default a warning in the log). */
  onRefused?: (reason: IdTokenRefusal) => void;
};

/** Seconds of clock difference tolerated between the provider and this server. */
const CLOCK_SKEW_SECONDS = 60;
const KEYS_TTL_MS = 10 * 60_000;
/**
 * Fetches for unknown key ids: a budget of a few, one more every 20 s. A rotation finds the
 * new key at once; tokens with made-up key ids cannot make the API hammer the provider.
 */
const REFETCH_BUDGET = 3;
const REFETCH_REFILL_MS = 20_000;
/** A key id still unknown after a fetch is not worth another one for this long. */
const MISSING_KID_MS = 60_000;
const MAX_MISSING_KIDS = 100;
const MAX_TOKEN_LENGTH = 16 * 1024;

/** The signature algorithms accepted, as node:crypto verifies them ("none" and HS* never). */
const algorithms: Record<string, { hash: string; ec?: boolean; pss?: boolean }> = {
  RS256: { hash: "sha256" },
  PS256: { hash: "sha256", pss: true },
  ES256: { hash: "sha256", ec: true },
};

type JwtParts = {
  header: { alg?: unknown; kid?: unknown };
  payload: Record<string, unknown>;
  signedPart: string;
  signature: Buffer;
};

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function splitJwt(token: string): JwtParts | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part))) return null;
  const header = decodeJson(parts[0]);
  const payload = decodeJson(parts[1]);
  if (!header || !payload) return null;
  return {
    header,
    payload,
    signedPart: `${parts[0]}.${parts[1]}`,
    signature: Buffer.from(parts[2], "base64url"),
  };
}

/**
 * The registered claims of an ID token (OpenID Connect Core 3.1.3.7): issued by the issuer,
 * for this client, not expired, not issued in the future, naming a subject. Null when good.
 */
export function claimsRefusal(
  payload: Record<string, unknown>,
  expected: { issuer: string; audience: string; nowSeconds: number },
): IdTokenRefusal | null {
  const { iss, aud, azp, exp, iat, sub } = payload;
  if (iss !== expected.issuer) return "issuer";
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(expected.audience)) return "audience";
  // Several audiences: this shop must be the party the token was issued to.
  if (audiences.length > 1 && azp !== expected.audience) return "azp";
  if (typeof exp !== "number" || exp + CLOCK_SKEW_SECONDS <= expected.nowSeconds) return "expired";
  if (typeof iat !== "number" || iat - CLOCK_SKEW_SECONDS > expected.nowSeconds) {
    return "issued_in_future";
  }
  return typeof sub === "string" && sub.length > 0 && sub.length <= 255 ? null : "subject";
}

export function claimsAreValid(
  payload: Record<string, unknown>,
  expected: { issuer: string; audience: string; nowSeconds: number },
): boolean {
  return claimsRefusal(payload, expected) === null;
}

type KeySet = { keys: Map<string, KeyObject>; unnamed: KeyObject[]; fetchedAt: number };

/**
 * A token bucket: whether one more fetch may go now. Starts full (`size`), one more every
 * `refillMs`.
 */
export function fetchBudget(size: number, refillMs: number, now: () => number = Date.now) {
  let available = size;
  let updatedAt = now();
  return (): boolean => {
    const at = now();
    available = Math.min(size, available + (at - updatedAt) / refillMs);
    updatedAt = at;
    if (available < 1) return false;
    available -= 1;
    return true;
  };
}

export function idTokenVerifier(options: IdTokenVerifierOptions): IdTokenVerifier {
  const get = options.fetch ?? fetch;
  const refused =
    options.onRefused ??
    ((reason: IdTokenRefusal) =>
      log.warn({ event: "id_token_refused", reason }, "ID token refused"));
  let keySet: KeySet | null = null;
  let loading: Promise<KeySet> | null = null;
  const mayRefetch = fetchBudget(REFETCH_BUDGET, REFETCH_REFILL_MS);
  /** Key ids still unknown after a fetch, and when. */
  const missing = new Map<string, number>();

  async function fetchJson(url: string): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await get(url, { headers: { Accept: "application/json" } });
    } catch {
      throw new IdentityProviderUnavailable("identity provider unreachable");
    }
    if (!response.ok)
      throw new IdentityProviderUnavailable(`identity provider answered ${response.status}`);
    const body: unknown = await response.json().catch(() => null);
    if (body === null || typeof body !== "object") {
      throw new IdentityProviderUnavailable("identity provider answered no JSON");
    }
    return body as Record<string, unknown>;
  }

  async function loadKeys(): Promise<KeySet> {
    const discovery = await fetchJson(
      `${options.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
    );
    if (discovery.issuer !== options.issuer || typeof discovery.jwks_uri !== "string") {
      throw new IdentityProviderUnavailable("discovery document does not name this issuer");
    }
    const jwks = await fetchJson(discovery.jwks_uri);
    const keys = new Map<string, KeyObject>();
    const unnamed: KeyObject[] = [];
    for (const jwk of Array.isArray(jwks.keys) ? jwks.keys : []) {
      if (!jwk || typeof jwk !== "object" || (jwk.use !== undefined && jwk.use !== "sig")) {
        continue;
      }
      try {
        const key = createPublicKey({ key: jwk as JsonWebKey, format: "jwk" });
        if (typeof jwk.kid === "string") keys.set(jwk.kid, key);
        else unnamed.push(key);
      } catch {
        // A key this server cannot use (another type) signs nothing it accepts.
      }
    }
    keySet = { keys, unnamed, fetchedAt: Date.now() };
    return keySet;
  }

  /** One fetch at a time: tokens arriving together wait for the same one. */
  function reload(): Promise<KeySet> {
    loading ??= loadKeys().finally(() => {
      loading = null;
    });
    return loading;
  }

  const pick = (set: KeySet, kid: unknown) =>
    typeof kid === "string"
      ? [set.keys.get(kid)].filter((key) => key !== undefined)
      : [...set.keys.values(), ...set.unnamed];

  async function keysFor(kid: unknown): Promise<KeyObject[]> {
    let current = keySet;
    if (!current || Date.now() - current.fetchedAt > KEYS_TTL_MS) current = await reload();
    const found = pick(current, kid);
    if (found.length > 0) return found;
    // A key id not seen yet: the provider has most likely rotated; fetch its keys now, unless
    // this id was already missing a moment ago or the budget is spent (made-up ids).
    const name = typeof kid === "string" ? kid : "";
    const missingSince = missing.get(name);
    if (missingSince !== undefined && Date.now() - missingSince < MISSING_KID_MS) return [];
    if (loading) current = await loading;
    else if (mayRefetch()) current = await reload();
    else return [];
    const again = pick(current, kid);
    if (again.length === 0) {
      missing.delete(name);
      missing.set(name, Date.now());
      if (missing.size > MAX_MISSING_KIDS) missing.delete(missing.keys().next().value ?? "");
    }
    return again;
  }

  return async (token) => {
    const jwt = splitJwt(token);
    if (!jwt) return refuse("malformed");
    const algorithm = typeof jwt.header.alg === "string" ? algorithms[jwt.header.alg] : undefined;
    if (!algorithm) return refuse("algorithm");
    const nowSeconds = Math.floor(options.now().getTime() / 1000);
    const claimsRefused = claimsRefusal(jwt.payload, { ...options, nowSeconds });
    if (claimsRefused) return refuse(claimsRefused);
    const keys = await keysFor(jwt.header.kid);
    if (keys.length === 0) return refuse("unknown_key");
    for (const key of keys) {
      const keyType = key.asymmetricKeyType;
      if (algorithm.ec ? keyType !== "ec" : keyType !== "rsa" && keyType !== "rsa-pss") continue;
      const valid = verify(
        algorithm.hash,
        Buffer.from(jwt.signedPart),
        algorithm.ec
          ? { key, dsaEncoding: "ieee-p1363" }
          : algorithm.pss
            ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }
            : key,
        jwt.signature,
      );
      if (valid) {
        return {
          issuer: options.issuer,
          subject: jwt.payload.sub as string,
          claims: jwt.payload,
        };
      }
    }
    return refuse("signature");
  };

  function refuse(reason: IdTokenRefusal): null {
    refused(reason);
    return null;
  }
}
