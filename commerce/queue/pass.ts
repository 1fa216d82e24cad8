// The waiting room's hold on the seat inventory (issue 12): once a queued performance's sale
// has started, a customer takes places of it (Tomar, TomarGrupo, TomarReserva*) only with a
// live pass (let in by the queue, within their shopping window). The box office sells at the
// counter, not through the queue. Cheap: the settings come from the node's cache, so a
// performance without a queue costs nothing; a gated one costs one indexed read (two when
// adding to an existing process, whose kind decides).
import type { CommerceDeps } from "../deps.ts";
import { queueRefusal } from "../errors.ts";
import { ownProcess } from "../purchase/process.ts";
import { hasLivePass } from "./entries.ts";
import { cachedQueueSettings, gatesTakesNow } from "./settings.ts";

export type TakeAttempt = {
  /** 0: a new process. */
  processId: number;
  customerId: number;
  request: { idFuncion: number; ctProcess?: "CART" | "BOX" };
};

export async function ensureQueuePass(
  deps: Pick<CommerceDeps, "db" | "now">,
  take: TakeAttempt,
): Promise<void> {
  const { customerId, processId } = take;
  const performanceId = take.request.idFuncion;
  const now = deps.now();
  if (!gatesTakesNow(await cachedQueueSettings(deps, performanceId), now)) return;
  // Someone else's process is a 404 here as it would be in the take.
  const kind =
    take.request.ctProcess ??
    (processId === 0 ? "CART" : (await ownProcess(deps.db, processId, customerId)).kind);
  if (kind === "BOX") return;
  if (!(await hasLivePass(deps.db, performanceId, customerId, now))) {
    throw queueRefusal("QUEUE_PASS_REQUIRED");
  }
}
