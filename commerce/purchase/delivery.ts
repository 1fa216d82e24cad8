// The delivery of a process: which types it may take now, choosing one (home delivery names
// one of the customer's addresses), and the address an order keeps. Rules are in
// catalogues.ts (deliveryOffered, deliversTo); this file reads what they need.
import { and, eq, gt, min } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { customerAddresses, type DeliveryAddress, performances, positions } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, fieldError } from "../errors.ts";
import {
  type DeliveryTypeRule,
  deliversTo,
  deliveryOffered,
  deliveryTypeById,
  deliveryTypeRules,
} from "./catalogues.ts";
import { ownProcess, type ProcessRow, updateOpenProcess } from "./process.ts";

/** When the earliest performance whose places the process holds now starts (null: none). */
async function earliestHeldStart(db: Executor, processId: number, now: Date) {
  const [row] = await db
    .select({ startsAt: min(performances.startsAt) })
    .from(positions)
    .innerJoin(performances, eq(performances.id, positions.performanceId))
    .where(
      and(
        eq(positions.heldByProcessId, processId),
        eq(positions.sold, false),
        gt(positions.heldUntil, now),
      ),
    );
  return row?.startsAt ?? null;
}

/** The delivery types the process may choose now. */
export async function offeredDeliveryTypes(
  db: Executor,
  process: ProcessRow,
  now: Date,
): Promise<DeliveryTypeRule[]> {
  const needsDate = deliveryTypeRules.some((rule) => rule.home);
  const earliestStart = needsDate ? await earliestHeldStart(db, process.id, now) : null;
  return deliveryTypeRules.filter((rule) =>
    deliveryOffered(rule, { kind: process.kind, earliestStart }, now),
  );
}

export async function selectDelivery(
  deps: CommerceDeps,
  input: {
    processId: number;
    customerId: number;
    deliveryTypeId: number;
    addressId?: number | null;
  },
): Promise<ProcessRow> {
  const delivery = deliveryTypeById(input.deliveryTypeId);
  if (!delivery) throw fieldError("idEntregaTipo", "deliveryRequired");
  // The other types are always offered: choosing one stays a single conditional statement
  // (the on-sale path); only home delivery reads what it depends on.
  let deliveryAddressId: number | null = null;
  if (delivery.home) {
    const process = await ownProcess(deps.db, input.processId, input.customerId);
    const earliestStart = await earliestHeldStart(deps.db, process.id, deps.now());
    if (!deliveryOffered(delivery, { kind: process.kind, earliestStart }, deps.now())) {
      throw fieldError("idEntregaTipo", "deliveryNotOffered");
    }
    if (!input.addressId) throw fieldError("idClienteDomicilio", "deliveryAddressRequired");
    const [address] = await deps.db
      .select({ id: customerAddresses.id, country: customerAddresses.country })
      .from(customerAddresses)
      .where(
        and(
          eq(customerAddresses.id, input.addressId),
          eq(customerAddresses.customerId, input.customerId),
        ),
      )
      .limit(1);
    // Someone else's address reads as an unknown one.
    if (!address) throw fieldError("idClienteDomicilio", "deliveryAddressNotFound");
    if (!deliversTo(delivery, address.country)) {
      throw fieldError("idClienteDomicilio", "deliveryAddressAbroad");
    }
    deliveryAddressId = address.id;
  }
  return updateOpenProcess(deps, input, { deliveryTypeId: delivery.id, deliveryAddressId });
}

/**
 * Checked again when paying (the clock moved, the address may be gone): the process's
 * delivery and, for home delivery, its address as the order keeps it.
 */
export async function deliveryToCharge(
  tx: Executor,
  process: ProcessRow,
  earliestStart: Date | null,
  now: Date,
): Promise<{ delivery: DeliveryTypeRule; address: DeliveryAddress | null }> {
  const delivery = deliveryTypeById(process.deliveryTypeId);
  if (!delivery) throw businessError("DELIVERY_REQUIRED");
  if (!deliveryOffered(delivery, { kind: process.kind, earliestStart }, now)) {
    throw businessError("DELIVERY_NOT_OFFERED");
  }
  if (!delivery.home) return { delivery, address: null };
  const address = await deliveryAddressOf(tx, process);
  if (!address) throw businessError("DELIVERY_ADDRESS_REQUIRED");
  return { delivery, address };
}

/** The home delivery address of a process, as an order keeps it. */
export async function deliveryAddressOf(
  tx: Executor,
  process: Pick<ProcessRow, "deliveryAddressId" | "customerId">,
): Promise<DeliveryAddress | null> {
  if (process.deliveryAddressId === null) return null;
  const [row] = await tx
    .select({
      street: customerAddresses.street,
      streetNumber: customerAddresses.streetNumber,
      floor: customerAddresses.floor,
      apartment: customerAddresses.apartment,
      location: customerAddresses.location,
      province: customerAddresses.province,
      zip: customerAddresses.zip,
      country: customerAddresses.country,
      referrer: customerAddresses.referrer,
    })
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.id, process.deliveryAddressId),
        eq(customerAddresses.customerId, process.customerId),
      ),
    )
    .limit(1);
  return row ?? null;
}
