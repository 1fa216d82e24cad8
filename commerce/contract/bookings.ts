// Contract of bookings (spec §5, §7 "Positions", identifier idReserva; flag "reservation with
// seat" on): places held as a booking, with its own longer deadline, paid later through the
// usual checkout (the booking is a purchase process: idReserva is its idProcesoDeCompra).
// Booking needs the booking conditions accepted; a box-office clerk books for a named buyer.
import { z } from "zod";
import { holdErrors, processChangeErrors } from "./business-errors.ts";
import { emailSchema } from "./customers.ts";
import { defineEndpoint } from "./endpoint.ts";
import {
  processKind,
  processPerformanceSchema,
  processStates,
  purchaseProcessSchema,
  takePlacesRequest,
} from "./purchase.ts";
import { idOrZeroPath, idParam, idParams, listOf } from "./shared.ts";
import { plainText } from "./text.ts";

/** A checkbox's flag: true, or the text a form sends ("true", "on"); "false" is false. */
const acceptedFlag = z.union([
  z.boolean(),
  z.enum(["true", "false", "on"]).transform((text) => text !== "false"),
]);

const bookingBuyer = z.object({
  cNombre: plainText({ error: "buyerNameRequired" })
    .min(1, { error: "buyerNameRequired" })
    .max(120, { error: "tooLong" }),
  cEmail: emailSchema,
});

const bookingFields = {
  idFuncion: idParam,
  /** The booking conditions were accepted (without it: BOOKING_CONDITIONS_NOT_ACCEPTED). */
  lAceptaCondiciones: acceptedFlag.optional(),
  /** BOX: booked at the box office (clerks only) for oComprador; CART (default). */
  ctProcess: processKind.optional(),
  /** Whom a box-office booking is for (required with BOX, ignored otherwise). */
  oComprador: bookingBuyer.optional(),
};

const buyerForBox = <T extends { ctProcess?: string; oComprador?: unknown }>(body: T) =>
  body.ctProcess !== "BOX" || body.oComprador !== undefined;

export const bookByPerformanceRequest = z
  .object({
    ...bookingFields,
    listaSectores: takePlacesRequest.shape.listaSectores.unwrap().min(1, {
      error: "quantityRequired",
    }),
  })
  .refine(buyerForBox, { error: "buyerNameRequired", path: ["oComprador", "cNombre"] });
export type BookByPerformanceRequest = z.infer<typeof bookByPerformanceRequest>;

export const bookByPositionRequest = z
  .object({
    ...bookingFields,
    listaPosiciones: z.array(idParam).min(1, { error: "quantityRequired" }).max(20),
  })
  .refine(buyerForBox, { error: "buyerNameRequired", path: ["oComprador", "cNombre"] });
export type BookByPositionRequest = z.infer<typeof bookByPositionRequest>;

export const bookingSchema = z.object({
  idReserva: z.number().int(),
  ctProcess: processKind,
  /** ACTIVE until its deadline; the list shows no other. */
  cEstado: z.enum(processStates),
  /** When it was made (the booking conditions accepted) and when it ends. */
  dReservada: z.string(),
  dVence: z.string(),
  /** Whom a box-office booking is for; null for a customer's own. */
  oComprador: z.object({ cNombre: z.string(), cEmail: z.string().nullable() }).nullable(),
  listaFuncion: z.array(processPerformanceSchema),
  nCantidadTotal: z.number().int(),
  fTotal: z.number().int(),
});
export type Booking = z.infer<typeof bookingSchema>;
export const bookingsResponse = listOf(bookingSchema);

export const releaseBookingResponse = z.object({
  idReserva: z.number().int(),
  cEstado: z.literal("CANCELLED"),
});

// ---------------------------------------------------------------- endpoints

const takeSummary =
  "Proceso/0 starts a new booking; Proceso/{id} adds to the caller's open booking (same " +
  "deadline). A booking holds its places 48 hours, never later than 24 hours before its " +
  "performance (BOOKING_TOO_LATE when under an hour would be left), within the per-customer " +
  "maximum of places, all or nothing; lAceptaCondiciones must be true.";

export const bookByPerformanceEndpoint = defineEndpoint({
  id: "bookByPerformance",
  method: "POST",
  path: "/Proceso/{id}/Posiciones/TomarReservaPorFuncion",
  area: "purchase",
  summary: `Books general-admission places by sector and quantity. ${takeSummary}`,
  access: "customer",
  errors: [...holdErrors, "BOOKING_CONDITIONS_NOT_ACCEPTED", "BOOKING_TOO_LATE"],
  params: z.object({ id: idOrZeroPath }),
  body: bookByPerformanceRequest,
  response: purchaseProcessSchema,
});

export const bookByPositionEndpoint = defineEndpoint({
  id: "bookByPosition",
  method: "POST",
  path: "/Proceso/{id}/Posiciones/TomarReservaPorPosicion",
  area: "purchase",
  summary: `Books the given numbered seats. ${takeSummary}`,
  access: "customer",
  errors: [...holdErrors, "BOOKING_CONDITIONS_NOT_ACCEPTED", "BOOKING_TOO_LATE"],
  params: z.object({ id: idOrZeroPath }),
  body: bookByPositionRequest,
  response: purchaseProcessSchema,
});

export const bookingsEndpoint = defineEndpoint({
  id: "bookings",
  method: "GET",
  path: "/Reservas",
  area: "purchase",
  summary:
    "The caller's open bookings, soonest to end first (a clerk's include those made at the " +
    "box office, ctProcess BOX). An expired booking is not listed: its places are free again.",
  access: "customer",
  response: bookingsResponse,
});

export const resumeBookingEndpoint = defineEndpoint({
  id: "resumeBooking",
  method: "POST",
  path: "/Reserva/{id}/Pagar",
  area: "purchase",
  summary:
    "Resumes the payment of the caller's booking: answers its process, to pay through the " +
    "usual calls (EntregaTipo, FormaDePago, Cobrar) before the booking's deadline. Repeating " +
    "it changes nothing; an expired, released or paid booking is refused.",
  access: "customer",
  errors: [...holdErrors, "BOOKING_TOO_LATE"],
  params: idParams,
  response: purchaseProcessSchema,
});

export const releaseBookingEndpoint = defineEndpoint({
  id: "releaseBooking",
  method: "POST",
  path: "/Reserva/{id}/Liberar",
  area: "purchase",
  summary:
    "Releases the caller's booking: its places are free at once. Repeating it answers the " +
    "same; a paid booking is refused (PROCESS_PAID).",
  access: "customer",
  errors: processChangeErrors,
  params: idParams,
  response: releaseBookingResponse,
});
