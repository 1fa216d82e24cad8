// Mail that must never hold up or fail what caused it (a sale, a recovery request): it is
// composed and sent after the caller has its answer; a failure is logged without the
// message's content or address, and goes no further. A stopping server waits for it
// (operations/background-work.ts).
import { log } from "../log.ts";
import { inBackground } from "../operations/background-work.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

/** Starts composing and sending; the promise it returns never rejects (tests may await it). */
export function sendLater(
  mailer: Mailer,
  kind: string,
  compose: () => Promise<MailMessage | null>,
): Promise<void> {
  return inBackground(
    new Promise<void>((resolve) => setImmediate(resolve))
      .then(compose)
      .then((message) => (message ? mailer.send(message) : undefined))
      .catch((error: unknown) => {
        log.error({ err: error, mail: kind }, "mail not sent");
      }),
  );
}
