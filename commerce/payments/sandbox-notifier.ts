// The sandbox acquirer's side of its notifications: every second it decides the pending
// charges that are due and sends each one's signed notification to the API's webhook
// (POST /v2/Pagos/Notificacion), through the API's own HTTP handler as an outside caller
// would. Only while the sandbox is the acquirer (start.ts).
import { apiHeaders } from "../contract/index.ts";
import { log } from "../log.ts";
import { notificationSignatureHeader, type SandboxAcquirer } from "./sandbox.ts";

type Fetch = (request: Request) => Response | Promise<Response>;

export function startSandboxNotifier(
  sandbox: SandboxAcquirer,
  api: Fetch,
  intervalMs = 1_000,
): { stop: () => Promise<void> } {
  const send = async (body: string, signature: string) => {
    const response = await api(
      new Request("http://sandbox-acquirer.invalid/v2/Pagos/Notificacion", {
        method: "POST",
        body,
        headers: {
          "Content-Type": "application/json",
          [notificationSignatureHeader]: signature,
          [apiHeaders.requestId]: `sandbox-${Date.now()}`,
        },
      }),
    );
    return response.ok;
  };
  let running: Promise<unknown> | null = null;
  const pass = () => {
    running ??= sandbox
      .notifyDue(send)
      .catch((error) => log.error({ err: error }, "sandbox notifications failed"))
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
