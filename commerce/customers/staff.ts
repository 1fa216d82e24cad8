// Staff roles (db/schema.ts staffRoles): granted by the city's operators in the database,
// never through the API. The box office's calls need BOX_CLERK, the door check's DOOR_STAFF;
// anyone else gets a 403.
import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { type StaffRole, staffRoles } from "../db/schema.ts";
import { forbidden } from "../errors.ts";

export async function hasStaffRole(
  db: Executor,
  customerId: number,
  role: StaffRole,
): Promise<boolean> {
  const [row] = await db
    .select({ role: staffRoles.role })
    .from(staffRoles)
    .where(and(eq(staffRoles.customerId, customerId), eq(staffRoles.role, role)))
    .limit(1);
  return row !== undefined;
}

/** The roles a customer holds (a login tells the storefront which staff pages to offer). */
export async function staffRolesOf(db: Executor, customerId: number): Promise<Set<StaffRole>> {
  const rows = await db
    .select({ role: staffRoles.role })
    .from(staffRoles)
    .where(eq(staffRoles.customerId, customerId));
  return new Set(rows.map((row) => row.role));
}

export const isBoxClerk = (db: Executor, customerId: number) =>
  hasStaffRole(db, customerId, "BOX_CLERK");

/** Throws FORBIDDEN (403) unless the customer is a box-office clerk. */
export async function requireBoxClerk(db: Executor, customerId: number): Promise<void> {
  if (!(await isBoxClerk(db, customerId))) throw forbidden();
}

/** Throws FORBIDDEN (403) unless the customer checks tickets at the door. */
export async function requireDoorStaff(db: Executor, customerId: number): Promise<void> {
  if (!(await hasStaffRole(db, customerId, "DOOR_STAFF"))) throw forbidden();
}
