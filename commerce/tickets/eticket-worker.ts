// The e-ticket worker thread (eticket-thread.ts): renders each PDF it is asked for and hands
// the bytes back without copying them.
import { parentPort } from "node:worker_threads";
import type { Language } from "../i18n.ts";
import { type ETicketInput, renderETicketPdf } from "./eticket.ts";

type Job = { id: number; input: ETicketInput; language: Language };

parentPort?.on("message", async ({ id, input, language }: Job) => {
  try {
    const pdf = await renderETicketPdf(input, language);
    parentPort?.postMessage({ id, pdf }, [pdf.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ id, error: (error as Error).message ?? String(error) });
  }
});
