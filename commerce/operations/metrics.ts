// The process's metrics in Prometheus's text format (GET /metrics, routes.ts): requests and
// their latency by route pattern (never a path with its ids), the process's own figures
// (CPU, memory, event loop), and the shop's: places held and given back, orders, payments by
// the acquirer's answer, bookings, each waiting room's length, visitors inside and
// admissions, and the anonymous visitors' page copies (server/page-cache.ts). Counted where the event happens (the domain's own functions), once it is
// committed. One registry per process: embedded, the storefront's server shows the API's too.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

export const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  registers,
});

export const httpRequestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer an HTTP request (until its headers), by method and route pattern",
  labelNames: ["method", "route"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/** A counter of the shop's, without labels or with the given ones. */
function shopCounter<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
  return new Counter<L>({ name, help, labelNames, registers });
}

const holdsTaken = shopCounter(
  "shop_places_held_total",
  "Places held by purchase processes and bookings (committed)",
);
const holdsReleased = shopCounter(
  "shop_places_released_total",
  "Held places given back before their deadline (committed; expiry is not counted)",
);
const orders = shopCounter("shop_orders_total", "Orders created by an approved payment");

export const paymentOutcomes = ["approved", "declined", "pending", "error"] as const;
export type PaymentOutcome = (typeof paymentOutcomes)[number];

const payments = shopCounter(
  "shop_payments_total",
  "Charges asked of the acquirer or wallet, by its first answer",
  ["outcome"],
);
const bookings = shopCounter("shop_bookings_total", "Bookings opened");
const admissions = shopCounter(
  "shop_queue_admissions_total",
  "Visitors let out of a waiting room, by performance",
  ["performance"],
);

export const pageCopyOutcomes = ["answered", "kept"] as const;
export type PageCopyOutcome = (typeof pageCopyOutcomes)[number];
/** anonymous: no cookie at all (decision 0055); session: a plain header (decision 0058). */
export const pageCopyVisitors = ["anonymous", "session"] as const;
export type PageCopyVisitor = (typeof pageCopyVisitors)[number];

const pageCopies = shopCounter(
  "shop_page_copies_total",
  "Shared pages answered from a copy, or rendered and kept as one, by visitor (storefront)",
  ["outcome", "visitor"],
);

// Zero from the start, so a rate over a fresh process is a rate.
for (const outcome of paymentOutcomes) payments.inc({ outcome }, 0);
for (const outcome of pageCopyOutcomes) {
  for (const visitor of pageCopyVisitors) pageCopies.inc({ outcome, visitor }, 0);
}

/** The shop's counters, for the domain's functions to move. */
export const shopMetrics = {
  placesHeld: (count: number) => holdsTaken.inc(count),
  placesReleased: (count: number) => holdsReleased.inc(count),
  orderCreated: () => orders.inc(),
  payment: (outcome: PaymentOutcome) => payments.inc({ outcome }),
  bookingOpened: () => bookings.inc(),
  admitted: (performanceId: number, count: number) =>
    admissions.inc({ performance: String(performanceId) }, count),
  pageCopy: (outcome: PageCopyOutcome, visitor: PageCopyVisitor) =>
    pageCopies.inc({ outcome, visitor }),
};

/** A waiting room's visitors now: still waiting, and inside (admitted or buying). */
export type QueueOccupancy = { performanceId: number; waiting: number; inside: number };

let readQueues: (() => Promise<QueueOccupancy[]>) | undefined;
let lastRead: { at: number; value: Promise<QueueOccupancy[]> } | undefined;

/** The waiting rooms' figures come from here from now on (the server's database). */
export function watchQueues(read: () => Promise<QueueOccupancy[]>) {
  readQueues = read;
  lastRead = undefined;
}

/** One read for both gauges of a scrape (and never more than one a second). */
function queuesNow(): Promise<QueueOccupancy[]> {
  if (!readQueues) return Promise.resolve([]);
  if (!lastRead || Date.now() - lastRead.at >= 1000) {
    lastRead = { at: Date.now(), value: readQueues().catch(() => []) };
  }
  return lastRead.value;
}

function queueGauge(name: string, help: string, pick: (queue: QueueOccupancy) => number) {
  return new Gauge({
    name,
    help,
    labelNames: ["performance"] as const,
    registers,
    async collect() {
      const queues = await queuesNow();
      // A waiting room turned off leaves the figures.
      this.reset();
      for (const queue of queues)
        this.set({ performance: String(queue.performanceId) }, pick(queue));
    },
  });
}

queueGauge(
  "shop_queue_waiting",
  "Visitors waiting in a waiting room that is on, by performance (the same on every node)",
  (queue) => queue.waiting,
);
queueGauge(
  "shop_queue_active",
  "Visitors let in and not gone yet (admitted or buying), by performance (the same on every node)",
  (queue) => queue.inside,
);
