// Products chosen with a purchase (ProductoAsignado/Lista/*): the products offered with the
// performances a process holds tickets for, and setting how many units of each it holds.
// A product's units are the places of its own open-ended performance, so taking more is the
// same conditional hold as seats (never one unit sold twice) and giving back is a release.
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { type OfferedProduct, productStock, productsOfferedWith } from "../catalog/shop.ts";
import type { SelectProductsRequest } from "../contract/index.ts";
import type { Executor } from "../db/client.ts";
import { performances, positions, shows } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError } from "../errors.ts";
import { holdSectorPlaces, releaseHolds } from "./holds.ts";
import { changeAvailability } from "./inventory.ts";
import { ensureOpen, lockOwnProcess, type ProcessRow } from "./process.ts";

/** Units held now per performance, split into tickets' performances and products' ones. */
async function heldByPerformance(tx: Executor, processId: number, now: Date) {
  const rows = await tx
    .select({ performanceId: positions.performanceId, isProduct: shows.isProduct })
    .from(positions)
    .innerJoin(performances, eq(performances.id, positions.performanceId))
    .innerJoin(shows, eq(shows.id, performances.showId))
    .where(
      and(
        eq(positions.heldByProcessId, processId),
        eq(positions.sold, false),
        gt(positions.heldUntil, now),
      ),
    );
  const ticketPerformances = new Set<number>();
  const productUnits = new Map<number, number>();
  for (const row of rows) {
    if (row.isProduct) {
      productUnits.set(row.performanceId, (productUnits.get(row.performanceId) ?? 0) + 1);
    } else {
      ticketPerformances.add(row.performanceId);
    }
  }
  return { ticketPerformances: [...ticketPerformances], productUnits };
}

export type AssignedProduct = OfferedProduct & {
  held: number;
  /** Whether it is offered with the process's performances (else only held). */
  offered: boolean;
};

/**
 * The products offered with the process's performances, each with the units it holds; a
 * product it holds that is no longer offered (its tickets were given back) is listed too,
 * so it can be given back.
 */
export async function assignedProducts(
  tx: Executor,
  process: ProcessRow,
  now: Date,
): Promise<AssignedProduct[]> {
  const { ticketPerformances, productUnits } = await heldByPerformance(tx, process.id, now);
  const offered = await productsOfferedWith(tx, ticketPerformances, now);
  const listed = new Set(offered.map((product) => product.performanceId));
  const heldOnly = [...productUnits.keys()].filter((id) => !listed.has(id));
  const extra = heldOnly.length === 0 ? [] : await productsByPerformance(tx, heldOnly, now);
  const withHeld = (product: OfferedProduct, isOffered: boolean) => ({
    ...product,
    held: productUnits.get(product.performanceId) ?? 0,
    offered: isOffered,
  });
  return [
    ...offered.map((product) => withHeld(product, true)),
    ...extra.map((product) => withHeld(product, false)),
  ];
}

/** Products by their own performance ids (for units held but no longer offered). */
async function productsByPerformance(tx: Executor, performanceIds: number[], now: Date) {
  const owners = await tx
    .select({ showId: performances.showId })
    .from(performances)
    .where(inArray(performances.id, performanceIds));
  const stock = await productStock(
    tx,
    owners.map((row) => row.showId),
    now,
  );
  return stock.filter((product) => performanceIds.includes(product.performanceId));
}

/**
 * Sets how many units of each product the customer's process holds, all or nothing. A
 * product must be offered with a performance the process holds tickets for, unless the
 * request only lowers what it already holds.
 */
export async function selectProducts(
  deps: CommerceDeps,
  input: { customerId: number; request: SelectProductsRequest },
): Promise<ProcessRow> {
  return changeAvailability(deps, async (tx) => {
    const now = deps.now();
    const process = await lockOwnProcess(tx, input.request.idProcesoDeCompra, input.customerId);
    ensureOpen(process, now);
    const assigned = await assignedProducts(tx, process, now);
    const byProduct = new Map(assigned.map((product) => [product.productId, product]));
    for (const item of input.request.listaProductos) {
      const product = byProduct.get(item.idProducto);
      const lowering = product !== undefined && item.nCantidad <= product.held;
      if (!product || (!product.offered && !lowering)) {
        throw businessError("PRODUCT_NOT_OFFERED");
      }
      // A product's units are not a performance's places: the maximum is per product.
      const max = deps.maxPlacesPerPerformance;
      if (item.nCantidad > max) throw businessError("TOO_MANY_PLACES", { max });
      if (item.nCantidad > product.held) {
        const wanted = item.nCantidad - product.held;
        const held = await holdSectorPlaces(tx, {
          processId: process.id,
          deadline: process.deadline,
          now,
          performanceId: product.performanceId,
          sectorId: product.sectorId,
          quantity: wanted,
        });
        // Throwing rolls the whole request back: nothing stays half-changed.
        if (held.length < wanted) throw businessError("NOT_ENOUGH_PLACES");
      } else if (item.nCantidad < product.held) {
        const extra = await tx
          .select({ id: positions.id })
          .from(positions)
          .where(
            and(
              eq(positions.heldByProcessId, process.id),
              eq(positions.performanceId, product.performanceId),
              eq(positions.sold, false),
            ),
          )
          .orderBy(desc(positions.id))
          .limit(product.held - item.nCantidad);
        await releaseHolds(
          tx,
          [process.id],
          product.performanceId,
          extra.map((row) => row.id),
        );
      }
    }
    return process;
  });
}
