// The demo's box-office clerk (issue 10): an account with the BOX_CLERK role, granted here
// in the database as the city's operators would. Demo databases only (seedDemo): its
// password is public in the README. A seed run of its own.

import { hashPassword } from "../customers/password.ts";
import type { Database } from "../db/client.ts";
import { customers, seedRuns, staffRoles } from "../db/schema.ts";

export const DEMO_BOX_CLERK_SEED_NAME = "demo-box-clerk-v1";
export const DEMO_BOX_CLERK = { email: "boleteria@demo.ciudad.test", password: "Boleteria2026" };

export async function seedDemoBoxClerk(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_BOX_CLERK.password);
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: DEMO_BOX_CLERK_SEED_NAME })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (claimed.length === 0) return;
    const [clerk] = await tx
      .insert(customers)
      .values({
        email: DEMO_BOX_CLERK.email,
        passwordHash,
        firstName: "Boletería",
        lastName: "Teatro San Martín",
        documentType: "DNI",
        documentNumber: "20000001",
        gender: "NO_INFORMA",
        language: "es",
      })
      .onConflictDoNothing({ target: customers.email })
      .returning({ id: customers.id });
    if (clerk) await tx.insert(staffRoles).values({ customerId: clerk.id, role: "BOX_CLERK" });
  });
}
