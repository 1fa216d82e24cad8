// A sandbox provider's side of its notifications (the acquirer's and the wallet's): every
// second it hands the provider a sender, and the provider sends the signed notification of
// each payment decided since to the API's webhook, through the API's own HTTP handler as an
// outside caller would. Only while the sandbox is the provider (start.ts).
import { apiHeaders } from "../../contract/index.ts";
import { log } from "../../log.ts";

type Fetch = (request: Request) => Response | Promise<Response>;

/** A sandbox provider that notifies: it decides what is due and signs each notification. */
export type NotifyingSandbox = {
  notifyDue(send: (body: string, signature: string) => Promise<boolean>): Promise<number>;
};

/** Where a provider's notifications go and how they are signed. */
export type Webhook = {
  /** The API's path, e.g. /v2/Pagos/Notificacion. */
  path: string;
  signatureHeader: string;
  /** Names the provider in request ids and logs. */
  name: string;
};

export function startSandboxNotifier(
  sandbox: NotifyingSandbox,
  webhook: Webhook,
  api: Fetch,
  intervalMs = 1_000,
): { stop: () => Promise<void> } {
  const send = async (body: string, signature: string) => {
    const response = await api(
      new Request(`http://${webhook.name}.invalid${webhook.path}`, {
        method: "POST",
        body,
        headers: {
          "Content-Type": "application/json",
          [webhook.signatureHeader]: signature,
          [apiHeaders.requestId]: `${webhook.name}-${Date.now()}`,
        },
      }),
    );
    return response.ok;
  };
  let running: Promise<unknown> | null = null;
  const pass = () => {
    running ??= sandbox
      .notifyDue(send)
      .catch((error) => log.error({ err: error, provider: webhook.name }, "notifications failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
