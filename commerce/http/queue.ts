// Waiting room handlers (issue 12, decision 0048): thin calls into commerce/queue/.
import {
  fairnessEndpoint,
  leaveQueueEndpoint,
  queuedPerformancesEndpoint,
  queueKeyEndpoint,
  queueSettingsEndpoint,
  turnEndpoint,
} from "../contract/index.ts";
import { hasStaffRole } from "../customers/staff.ts";
import type { CommerceDeps } from "../deps.ts";
import { forbidden } from "../errors.ts";
import { fairnessReport } from "../queue/fairness.ts";
import { queuedPerformanceIds, saveQueueSettings } from "../queue/settings.ts";
import { leaveTurn, takeTurn } from "../queue/turn.ts";
import { waitingRoomOf } from "../queue/waiting-room.ts";
import { publishedTicketKey } from "../tickets/code.ts";
import { implement } from "./register.ts";

export const admissionTokenFormat =
  "base64url(JSON {p: idFuncion, c: customer id, e: queue entry, x: expiry in Unix seconds})" +
  " '.' base64url(Ed25519 signature over the first part's ASCII text)";

export function queueHandlers(deps: CommerceDeps) {
  const key = publishedTicketKey(deps.queueSigningKey);
  return [
    implement(queuedPerformancesEndpoint, () => queuedPerformanceIds(deps)),

    // Before Cola/{idFuncion}: a static segment, not an id.
    implement(queueKeyEndpoint, () => ({
      cKid: key.keyId,
      cAlgoritmo: "Ed25519" as const,
      oJwk: key.jwk,
      cPem: key.pem,
      cFormatoToken: admissionTokenFormat,
    })),

    implement(turnEndpoint, ({ params, query, customerId }) =>
      takeTurn(deps, { performanceId: params.idFuncion, customerId, token: query.t }),
    ),

    implement(leaveQueueEndpoint, ({ params, customerId }) =>
      leaveTurn(deps, { performanceId: params.idFuncion, customerId }),
    ),

    implement(queueSettingsEndpoint, async ({ params, body, customerId }) => {
      if (!(await hasStaffRole(deps.db, customerId, "OPERATOR"))) throw forbidden();
      const saved = await saveQueueSettings(deps, params.idFuncion, {
        enabled: body.lActiva,
        saleStartsAt: new Date(body.dInicioVenta),
        admissionsPerMinute: body.nAdmisionesPorMinuto,
        maxActive: body.nMaximoActivos,
        shoppingWindowSeconds: body.nVentanaCompraSegundos,
      });
      waitingRoomOf(deps).forget(params.idFuncion);
      return {
        idFuncion: saved.performanceId,
        lActiva: saved.enabled,
        dInicioVenta: saved.saleStartsAt.toISOString(),
        nAdmisionesPorMinuto: saved.admissionsPerMinute,
        nMaximoActivos: saved.maxActive,
        nVentanaCompraSegundos: saved.shoppingWindowSeconds,
        cCompromiso: saved.seedCommitment,
      };
    }),

    implement(fairnessEndpoint, ({ params }) => fairnessReport(deps.db, params.idFuncion)),
  ];
}
