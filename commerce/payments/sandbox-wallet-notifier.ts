// The sandbox wallet's side of its notifications: every second it sends the signed
// notification of each payment decided since (on its page, or later) to the API's webhook
// (POST /v2/Billetera/Notificacion), through the API's own HTTP handler as an outside caller
// would. Only while the sandbox is the wallet (start.ts).
import { apiHeaders } from "../contract/index.ts";
import { log } from "../log.ts";
import { type SandboxWallet, walletSignatureHeader } from "./sandbox-wallet.ts";

type Fetch = (request: Request) => Response | Promise<Response>;

export function startSandboxWalletNotifier(
  wallet: SandboxWallet,
  api: Fetch,
  intervalMs = 1_000,
): { stop: () => Promise<void> } {
  const send = async (body: string, signature: string) => {
    const response = await api(
      new Request("http://sandbox-wallet.invalid/v2/Billetera/Notificacion", {
        method: "POST",
        body,
        headers: {
          "Content-Type": "application/json",
          [walletSignatureHeader]: signature,
          [apiHeaders.requestId]: `sandbox-wallet-${Date.now()}`,
        },
      }),
    );
    return response.ok;
  };
  let running: Promise<unknown> | null = null;
  const pass = () => {
    running ??= wallet
      .notifyDue(send)
      .catch((error) => log.error({ err: error }, "sandbox wallet notifications failed"))
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
