// Ticket codes printed in the e-ticket's QR (decision 0042): `T<ticket id>.<performance id>.
// <signature>`, where the signature is Ed25519 over the text before its last dot, in base64url
// (86 characters). A scanner holding only the published public key can tell a genuine code
// from a forged or mistyped one, and which performance it is for, without any network.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  sign,
  verify,
} from "node:crypto";

export type TicketSigningKey = {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key's JWK thumbprint (RFC 7638): which key a scanner holds. */
  keyId: string;
};

export type TicketCodeContent = { ticketId: number; performanceId: number };

const SIGNATURE_CHARS = 86; // 64 bytes of base64url, unpadded.
const codePattern = new RegExp(
  `^(T([1-9][0-9]{0,15})\\.([1-9][0-9]{0,15}))\\.([A-Za-z0-9_-]{${SIGNATURE_CHARS}})$`,
);

// PKCS#8 DER of an Ed25519 private key is this fixed prefix followed by its 32-byte seed.
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

function fromPrivateKey(privateKey: KeyObject): TicketSigningKey {
  if (privateKey.asymmetricKeyType !== "ed25519") {
    throw new Error("The ticket signing key must be an Ed25519 private key");
  }
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, keyId: jwkThumbprint(publicKey) };
}

/** An Ed25519 private key given as PKCS#8 PEM, or as its DER in base64. */
export function ticketSigningKeyFrom(text: string): TicketSigningKey {
  const trimmed = text.trim();
  const privateKey = trimmed.startsWith("-----BEGIN")
    ? createPrivateKey({ key: trimmed, format: "pem" })
    : createPrivateKey({ key: Buffer.from(trimmed, "base64"), format: "der", type: "pkcs8" });
  return fromPrivateKey(privateKey);
}

/**
 * A key drawn from a text (its SHA-256 is the seed): the development key when none is
 * configured, and the tests' keys. Never for production: whoever knows the text can sign.
 */
export function ticketSigningKeyFromSeed(seedText: string): TicketSigningKey {
  const seed = createHash("sha256").update(seedText).digest();
  const der = Buffer.concat([ED25519_PKCS8_PREFIX, seed]);
  return fromPrivateKey(createPrivateKey({ key: der, format: "der", type: "pkcs8" }));
}

function checkId(name: string, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new RangeError(`${name} must be a positive integer, got ${id}`);
  }
}

export function signTicketCode(key: TicketSigningKey, content: TicketCodeContent): string {
  checkId("Ticket id", content.ticketId);
  checkId("Performance id", content.performanceId);
  const payload = `T${content.ticketId}.${content.performanceId}`;
  const signature = sign(null, Buffer.from(payload, "ascii"), key.privateKey);
  return `${payload}.${signature.toString("base64url")}`;
}

/** What a genuine code says, or null for anything forged, altered or malformed. */
export function verifyTicketCode(publicKey: KeyObject, code: string): TicketCodeContent | null {
  const match = codePattern.exec(code.trim());
  if (!match) return null;
  const [, payload, ticket, performance, encoded] = match;
  const ticketId = Number(ticket);
  const performanceId = Number(performance);
  if (!Number.isSafeInteger(ticketId) || !Number.isSafeInteger(performanceId)) return null;
  const signature = Buffer.from(encoded, "base64url");
  // Two spellings of one signature differ in the last character's unused bits: only the
  // canonical one is the code that was printed.
  if (signature.length !== 64 || signature.toString("base64url") !== encoded) return null;
  const genuine = verify(null, Buffer.from(payload, "ascii"), publicKey, signature);
  return genuine ? { ticketId, performanceId } : null;
}

/** RFC 7638: SHA-256 of the key's required JWK members in lexical order, base64url. */
function jwkThumbprint(publicKey: KeyObject): string {
  const { x } = publicKey.export({ format: "jwk" });
  const canonical = JSON.stringify({ crv: "Ed25519", kty: "OKP", x });
  return createHash("sha256").update(canonical).digest("base64url");
}

/** The public key as scanners take it: a JWK (with its kid) and SPKI PEM. */
export function publishedTicketKey(key: Pick<TicketSigningKey, "publicKey" | "keyId">) {
  const { x } = key.publicKey.export({ format: "jwk" });
  return {
    keyId: key.keyId,
    jwk: { kty: "OKP" as const, crv: "Ed25519" as const, x: String(x), kid: key.keyId },
    pem: key.publicKey.export({ format: "pem", type: "spki" }).toString(),
  };
}
