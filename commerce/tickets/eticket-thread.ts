// E-tickets rendered on a worker thread. Drawing the PDF (pdf-lib, its deflate, the QR codes'
// paths) took about a tenth of the API's CPU in an on-sale, all of it on the thread that
// answers every request; with embedded PGlite that thread is the bottleneck. The worker
// (eticket-worker.ts) runs renderETicketPdf itself, so both paths print the same PDF; it
// starts at the first e-ticket and is replaced if it dies (decision 0052).
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { entryBeside } from "../entry-beside.ts";
import type { Language } from "../i18n.ts";
import type { ETicketInput } from "./eticket.ts";

type Pending = { resolve: (pdf: Uint8Array) => void; reject: (error: Error) => void };
type Answer = { id: number; pdf?: Uint8Array; error?: string };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/**
 * A worker running the script beside this module: JavaScript once bundled; from source, the
 * TypeScript one, through tsx's loader registered in the worker first (Node 20 does not pass
 * a loader on to worker threads).
 */
function newWorker(): Worker {
  const { url, fromSource } = entryBeside(import.meta.url, "eticket-worker");
  if (!fromSource) return new Worker(url);
  // tsx's ESM register(), found through its CommonJS entry beside it.
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  return new Worker(
    `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`,
    { eval: true },
  );
}

function failAll(error: Error) {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
}

function startedWorker(): Worker {
  if (worker) return worker;
  const started = newWorker();
  started.on("message", ({ id, pdf, error }: Answer) => {
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    if (pdf) waiting.resolve(pdf);
    else waiting.reject(new Error(error ?? "the e-ticket worker answered nothing"));
  });
  const gone = (error: Error) => {
    if (worker === started) worker = null;
    failAll(error);
  };
  started.on("error", gone);
  started.on("exit", (code) => gone(new Error(`the e-ticket worker stopped (exit ${code})`)));
  // Idle, it must not keep the server from exiting.
  started.unref();
  worker = started;
  return started;
}

/** renderETicketPdf on the worker thread. */
export function renderETicketPdfOffThread(
  input: ETicketInput,
  language: Language,
): Promise<Uint8Array> {
  const target = startedWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    target.postMessage({ id, input, language });
  });
}

/** Stops the worker (tests, shutdown); the next e-ticket starts a new one. */
export async function stopETicketWorker(): Promise<void> {
  const running = worker;
  worker = null;
  if (running) await running.terminate();
}
