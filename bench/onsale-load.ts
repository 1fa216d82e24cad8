// The buyers of the on-sale benchmark: one purchase is take → delivery → payment method →
// charge, through any transport (HTTP to the child API, or in-process for counting SQL).
// Only the wire format of /v2 is used here, no code of the API, so any version can be run.
import { randomUUID } from "node:crypto";
import { Agent, request } from "node:http";

export const steps = ["take", "delivery", "payment", "charge"] as const;
export type Step = (typeof steps)[number];

/** What the bench reads of the { nCode, cMensaje, oData } envelope. */
export type Reply = { nCode: number; code: string; data: Record<string, unknown> };

/** Sends one POST /v2<path> as the buyer the transport belongs to. */
export type Send = (path: string, body: unknown) => Promise<Reply>;

export type Take = {
  idFuncion: number;
  listaSectores?: Array<{ idSector: number; nCantidad: number }>;
  listaPosiciones?: number[];
};

export function readEnvelope(status: number, text: string): Reply {
  try {
    const json = JSON.parse(text) as {
      nCode?: number;
      oData?: Record<string, unknown> | null;
    };
    const data = json.oData ?? {};
    return {
      nCode: json.nCode ?? status,
      code: typeof data.cCodigo === "string" ? data.cCodigo : "",
      data,
    };
  } catch {
    return { nCode: status, code: `HTTP ${status}, not JSON`, data: {} };
  }
}

/** A buyer's own keep-alive connection to the API (one socket, reused for every call). */
export function httpBuyer(base: string, token: string): { send: Send; close: () => void } {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send: Send = (path, body) =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = request(
        `${base}/v2${path}`,
        {
          method: "POST",
          agent,
          headers: {
            Authorization: `Bearer ${token}`,
            "Content-Type": "application/json",
            "Content-Length": Buffer.byteLength(payload),
            "Accept-Language": "es",
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve(readEnvelope(res.statusCode ?? 0, Buffer.concat(chunks).toString("utf8"))),
          );
          res.on("error", reject);
        },
      );
      // A stuck API must not hang the bench: a call that takes this long counts as failed.
      req.setTimeout(30_000, () => req.destroy(new Error("timed out after 30 s")));
      req.on("error", reject);
      req.end(payload);
    });
  return { send, close: () => agent.destroy() };
}

/** The sandbox's approved card, expiring two years ahead (as the test harness's testCard). */
export function approvedCard() {
  return {
    cNumero: "4242424242424242",
    nMesVencimiento: 12,
    nAnioVencimiento: new Date().getUTCFullYear() + 2,
    cCodigoSeguridad: "123",
    cTitular: "ANA GARCIA",
    cDocumento: "30111222",
  };
}

export type Outcome = { ok: true; orderId: number } | { ok: false; step: Step; reply: Reply };

/** Called after every step with its latency (also for failed steps). */
export type StepObserver = (step: Step, ms: number, reply: Reply) => void;

/** One whole purchase; stops at the first step that does not answer nCode 200. */
export async function purchase(send: Send, take: Take, observe: StepObserver): Promise<Outcome> {
  const call = async (step: Step, path: string, body: unknown) => {
    const started = performance.now();
    let reply: Reply;
    try {
      reply = await send(path, body);
    } catch (error) {
      // Network errors and timeouts are tallied like error answers (nCode 0).
      reply = { nCode: 0, code: (error as Error).message, data: {} };
    }
    observe(step, performance.now() - started, reply);
    return reply;
  };
  const taken = await call("take", "/Proceso/0/Posiciones/Tomar", take);
  if (taken.nCode !== 200) return { ok: false, step: "take", reply: taken };
  const id = Number(taken.data.idProcesoDeCompra);
  const delivery = await call("delivery", `/Proceso/${id}/EntregaTipo/Seleccionar`, {
    idEntregaTipo: 1,
  });
  if (delivery.nCode !== 200) return { ok: false, step: "delivery", reply: delivery };
  const method = await call("payment", `/Proceso/${id}/FormaDePago/Seleccionar`, {
    nFormaDePago: 1,
  });
  if (method.nCode !== 200) return { ok: false, step: "payment", reply: method };
  const charged = await call("charge", `/Proceso/${id}/Cobrar`, {
    cClaveIdempotencia: randomUUID(),
    nCuotas: 1,
    oTarjeta: approvedCard(),
  });
  if (charged.nCode !== 200) return { ok: false, step: "charge", reply: charged };
  return { ok: true, orderId: Number(charged.data.idPedido) };
}

/**
 * Numbered seats two by two. Buyers prefer the front (the pick is skewed to the start of
 * the list), so several may go for the same pair at once, as in a real on-sale; a pair
 * leaves the list once someone took it (or was told it is taken).
 */
export class SeatPairs {
  private readonly pairs: Array<[number, number]>;
  constructor(pairs: Array<[number, number]>) {
    this.pairs = [...pairs];
  }
  get left() {
    return this.pairs.length;
  }
  pick(): [number, number] | null {
    if (this.pairs.length === 0) return null;
    return this.pairs[Math.floor(this.pairs.length * Math.random() ** 2)];
  }
  gone(pair: [number, number]) {
    const index = this.pairs.indexOf(pair);
    if (index >= 0) this.pairs.splice(index, 1);
  }
}

/** Latencies of answered steps and failures by step and error. */
/**
 * Latencies by step, failures, and when orders completed. The steps are the API's (take …
 * charge) or a storefront's requests (take, checkout page, pay, success page): `ordering` is
 * the step whose success makes the order.
 */
export class Tally {
  readonly latencies: Map<string, number[]>;
  readonly failures = new Map<string, number>();
  /** (time, take ms) of successful takes: how the take's cost moves during the sale. */
  readonly takeTimeline: Array<[number, number]> = [];
  readonly orderTimes: number[] = [];

  constructor(
    readonly stepNames: readonly string[] = steps,
    private readonly ordering: string = "charge",
  ) {
    this.latencies = new Map(stepNames.map((s) => [s, []]));
  }

  observe = (step: string, ms: number, reply: Pick<Reply, "nCode" | "code">) => {
    if (reply.nCode === 200) {
      this.latencies.get(step)?.push(ms);
      if (step === "take") this.takeTimeline.push([performance.now(), ms]);
      if (step === this.ordering) this.orderTimes.push(performance.now());
      return;
    }
    const key = `${step}: nCode ${reply.nCode} ${reply.code}`.trim();
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
  };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}
