// The stand-in's webhooks, signed as PayPal signs them: SHA256withRSA over
// "<transmission id>|<transmission time>|<webhook id>|<crc32 of the body>", sent with the
// paypal-transmission-* headers, and checked again by its verify-webhook-signature endpoint.
// Assumed: PayPal serves an X.509 certificate at the cert URL; the stand-in serves its
// public key (PEM), which is all a verifier needs.
import {
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
} from "node:crypto";
import { crc32 } from "node:zlib";

export const PAYPAL_AUTH_ALGO = "SHA256withRSA";

export type WebhookEvent = {
  id: string;
  event_version: "1.0";
  create_time: string;
  resource_type: "checkout-order" | "capture";
  resource_version: "2.0";
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
};

export type Transmission = { headers: Record<string, string>; body: string };

/** An event id as PayPal writes them: "WH-" and 27 characters. */
export const newEventId = () => `WH-${randomBytes(20).toString("hex").toUpperCase().slice(0, 27)}`;

export function webhookEvent(
  type: string,
  resourceType: WebhookEvent["resource_type"],
  resource: Record<string, unknown>,
): WebhookEvent {
  return {
    id: newEventId(),
    event_version: "1.0",
    create_time: new Date().toISOString(),
    resource_type: resourceType,
    resource_version: "2.0",
    event_type: type,
    summary: `${type} (stand-in)`,
    resource,
  };
}

const signedText = (id: string, time: string, webhookId: string, body: string) =>
  `${id}|${time}|${webhookId}|${crc32(Buffer.from(body, "utf8")) >>> 0}`;

/** The stand-in's signing key and what it signed with it. */
export class WebhookSigner {
  private readonly keys = generateKeyPairSync("rsa", { modulusLength: 2048 });

  constructor(
    private readonly webhookId: string,
    readonly certUrl: string,
  ) {}

  publicKeyPem(): string {
    return this.keys.publicKey.export({ type: "spki", format: "pem" }).toString();
  }

  /** A fresh transmission of an event: each resend is a new transmission id. */
  transmission(event: WebhookEvent): Transmission {
    const body = JSON.stringify(event);
    const id = randomUUID();
    const time = new Date().toISOString();
    const signature = createSign("sha256")
      .update(signedText(id, time, this.webhookId, body))
      .sign(this.keys.privateKey, "base64");
    return {
      body,
      headers: {
        "content-type": "application/json",
        "paypal-transmission-id": id,
        "paypal-transmission-time": time,
        "paypal-transmission-sig": signature,
        "paypal-cert-url": this.certUrl,
        "paypal-auth-algo": PAYPAL_AUTH_ALGO,
      },
    };
  }

  /**
   * verify-webhook-signature: the event comes back parsed, so it is serialised again (the
   * stand-in sent it as JSON.stringify wrote it, so an untouched event gives the same bytes).
   */
  verifies(request: {
    auth_algo?: unknown;
    cert_url?: unknown;
    transmission_id?: unknown;
    transmission_sig?: unknown;
    transmission_time?: unknown;
    webhook_id?: unknown;
    webhook_event?: unknown;
  }): boolean {
    const { transmission_id: id, transmission_time: time, transmission_sig: sig } = request;
    if (typeof id !== "string" || typeof time !== "string" || typeof sig !== "string") return false;
    if (request.auth_algo !== PAYPAL_AUTH_ALGO || request.cert_url !== this.certUrl) return false;
    if (request.webhook_id !== this.webhookId || typeof request.webhook_event !== "object") {
      return false;
    }
    const body = JSON.stringify(request.webhook_event);
    return createVerify("sha256")
      .update(signedText(id, time, this.webhookId, body))
      .verify(this.keys.publicKey, sig, "base64");
  }
}

/** Posts transmissions to the shop; close() waits for the ones under way. */
export class WebhookSender {
  private readonly underWay = new Set<Promise<void>>();

  constructor(private readonly url: string | undefined) {}

  send(transmission: Transmission): void {
    if (!this.url) return;
    const delivery = fetch(this.url, {
      method: "POST",
      headers: transmission.headers,
      body: transmission.body,
      signal: AbortSignal.timeout(10_000),
    })
      .then((response) => response.body?.cancel())
      // PayPal retries a failed delivery later; the stand-in does not (the shop asks instead).
      .catch(() => undefined)
      .finally(() => this.underWay.delete(delivery));
    this.underWay.add(delivery);
  }

  async settled(): Promise<void> {
    await Promise.all([...this.underWay]);
  }
}
