// The waiting room's test helpers: an operator turns a queue on through the API, a customer
// takes their turn, and the admission job's pass runs on the test's clock.
import { expect } from "vitest";
import { runAdmissionPass } from "../queue/admission-job.ts";
import { ticketKeyOf } from "../queue/turn.ts";
import { waitingRoomOf } from "../queue/waiting-room.ts";
import { readWaitingTicket } from "../queue/waiting-ticket.ts";
import type { TestApi } from "./harness.ts";

export type QueueSettingsBody = {
  lActiva: boolean;
  dInicioVenta: string;
  nAdmisionesPorMinuto: number;
  nMaximoActivos: number;
  nVentanaCompraSegundos: number;
};

/** Minutes from the test clock's now, as the API takes a date. */
export const minutesFromNow = (t: TestApi, minutes: number) =>
  new Date(t.clock.now().getTime() + minutes * 60_000).toISOString();

/** Turns a performance's queue on through the API (the operator's call). */
export async function queueOn(
  t: TestApi,
  operator: string,
  performanceId: number,
  settings: Partial<QueueSettingsBody> = {},
) {
  const body: QueueSettingsBody = {
    lActiva: true,
    dInicioVenta: minutesFromNow(t, 30),
    nAdmisionesPorMinuto: 60,
    nMaximoActivos: 100,
    nVentanaCompraSegundos: 600,
    ...settings,
  };
  const answer = await t.call(`/Cola/${performanceId}/Configuracion`, {
    method: "PUT",
    token: operator,
    body,
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.oData as QueueSettingsBody & { cCompromiso: string };
}

/** The turn call; with `wait`, the waiting ticket it gave, read back. */
export async function takeTurn(t: TestApi, token: string, performanceId: number, t_?: string) {
  const query = t_ === undefined ? "" : `?t=${encodeURIComponent(t_)}`;
  return t.call(`/Cola/${performanceId}${query}`, { token, language: "en" });
}

/** Joins (or finds one's place) and returns the waiting ticket's content. */
export async function join(t: TestApi, token: string, performanceId: number) {
  const answer = await takeTurn(t, token, performanceId);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  expect(answer.json.oData.redirect_url).toBe("");
  const ticket = readWaitingTicket(ticketKeyOf(t.deps), answer.json.oData.cTurno, t.clock.now());
  if (!ticket) throw new Error("the turn call gave no readable waiting ticket");
  return ticket;
}

/** The admission job's pass, as the timer would run it now. */
export const admissionPass = (t: TestApi) => runAdmissionPass(t.deps);

/**
 * Lets time pass as it does for visitors who keep the waiting page open: every 20 s (or
 * less, to land on `seconds`) their polls are seen and the admission job runs.
 */
export async function waitPolling(t: TestApi, seconds: number, entryIds: readonly number[]) {
  const room = waitingRoomOf(t.deps);
  let left = seconds;
  while (left > 0) {
    const step = Math.min(20, left);
    t.clock.advanceMinutes(step / 60);
    for (const id of entryIds) room.seen(id);
    await runAdmissionPass(t.deps);
    left -= step;
  }
}
