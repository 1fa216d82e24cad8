// Staff roles (db/schema.ts staffRoles): granted by the city's operators in the database,
// never through the API. The box office's calls need BOX_CLERK; anyone else gets a 403.
import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { staffRoles } from "../db/schema.ts";
import { forbidden } from "../errors.ts";

export async function isBoxClerk(db: Executor, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ role: staffRoles.role })
    .from(staffRoles)
    .where(and(eq(staffRoles.customerId, customerId), eq(staffRoles.role, "BOX_CLERK")))
    .limit(1);
  return row !== undefined;
}

/** Throws FORBIDDEN (403) unless the customer is a box-office clerk. */
export async function requireBoxClerk(db: Executor, customerId: number): Promise<void> {
  if (!(await isBoxClerk(db, customerId))) throw forbidden();
}
