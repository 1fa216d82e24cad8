// Door-check handlers (decision 0042): the tickets' public key for anyone; the performances
// a door may check, the check itself and a performance's cancelled tickets (decision 0064)
// for DOOR_STAFF only (FORBIDDEN for anyone else).
import {
  doorCancelledTicketsEndpoint,
  doorCheckEndpoint,
  doorPerformancesEndpoint,
  ticketKeyEndpoint,
} from "../contract/index.ts";
import { requireDoorStaff } from "../customers/staff.ts";
import type { CommerceDeps } from "../deps.ts";
import { checkAtDoor } from "../door/admission.ts";
import { cancelledTicketsOf } from "../door/cancelled.ts";
import { doorPerformances } from "../door/performances.ts";
import { publishedTicketKey } from "../tickets/code.ts";
import { implement } from "./register.ts";

export const ticketCodeFormat =
  "T<idTicket>.<idFuncion>.<signature>: Ed25519 over the ASCII text before the last dot, " +
  "signature in base64url without padding (86 characters)";

export function doorHandlers(deps: CommerceDeps) {
  const key = publishedTicketKey(deps.ticketSigningKey);
  return [
    implement(ticketKeyEndpoint, () => ({
      cKid: key.keyId,
      cAlgoritmo: "Ed25519" as const,
      oJwk: key.jwk,
      cPem: key.pem,
      cFormatoCodigo: ticketCodeFormat,
    })),

    implement(doorPerformancesEndpoint, async ({ customerId }) => {
      await requireDoorStaff(deps.db, customerId);
      return { Lista: await doorPerformances(deps.db, deps.now()) };
    }),

    implement(doorCheckEndpoint, async ({ customerId, body }) => {
      await requireDoorStaff(deps.db, customerId);
      return checkAtDoor(deps, customerId, body);
    }),

    implement(doorCancelledTicketsEndpoint, async ({ customerId, params }) => {
      await requireDoorStaff(deps.db, customerId);
      return cancelledTicketsOf(deps.db, params.id, deps.now());
    }),
  ];
}
