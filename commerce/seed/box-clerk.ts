// The demo's box-office clerks (issue 10), one per counter window: accounts with the
// BOX_CLERK role, granted here in the database as the city's operators would. Demo
// databases only (seedDemo): the password is public in the README. A seed run of its own.

import { hashPassword } from "../customers/password.ts";
import type { Database } from "../db/client.ts";
import { customers, seedRuns, staffRoles } from "../db/schema.ts";

export const DEMO_BOX_CLERK_SEED_NAME = "demo-box-clerk-v1";
export const DEMO_BOX_CLERK_PASSWORD = "Boleteria2026";
export const DEMO_BOX_CLERKS = [
  { email: "boleteria1@demo.ciudad.test", window: "Ventanilla 1" },
  { email: "boleteria2@demo.ciudad.test", window: "Ventanilla 2" },
];

export async function seedDemoBoxClerk(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_BOX_CLERK_PASSWORD);
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: DEMO_BOX_CLERK_SEED_NAME })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (claimed.length === 0) return;
    const clerks = await tx
      .insert(customers)
      .values(
        DEMO_BOX_CLERKS.map((clerk, index) => ({
          email: clerk.email,
          passwordHash,
          firstName: "Boletería",
          lastName: clerk.window,
          documentType: "DNI",
          documentNumber: String(20_000_001 + index),
          gender: "NO_INFORMA",
          language: "es",
        })),
      )
      .onConflictDoNothing({ target: customers.email })
      .returning({ id: customers.id });
    if (clerks.length > 0) {
      await tx
        .insert(staffRoles)
        .values(clerks.map((clerk) => ({ customerId: clerk.id, role: "BOX_CLERK" as const })));
    }
  });
}
