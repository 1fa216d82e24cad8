// The demo's staff accounts, with their roles granted here in the database as the city's
// operators would: a box-office clerk per counter window (issue 10, BOX_CLERK), the door
// staff of the venues' entrances (decision 0042, DOOR_STAFF) and an operator who sets up the
// waiting rooms (issue 12, OPERATOR). Demo databases only
// (seedDemo): the passwords are public in the README. Each group is a seed run of its own.

import { hashPassword } from "../customers/password.ts";
import type { Database } from "../db/client.ts";
import { customers, type StaffRole, seedRuns, staffRoles } from "../db/schema.ts";

export const DEMO_BOX_CLERK_SEED_NAME = "demo-box-clerk-v1";
export const DEMO_BOX_CLERK_PASSWORD = "Boleteria2026";
export const DEMO_BOX_CLERKS = [
  { email: "boleteria1@demo.ciudad.test", name: "Ventanilla 1" },
  { email: "boleteria2@demo.ciudad.test", name: "Ventanilla 2" },
];

export const DEMO_DOOR_STAFF_SEED_NAME = "demo-door-staff-v1";
export const DEMO_DOOR_STAFF_PASSWORD = "Puerta2026";
export const DEMO_DOOR_STAFF = [{ email: "puerta@demo.ciudad.test", name: "Accesos" }];

export const DEMO_OPERATOR_SEED_NAME = "demo-operator-v1";
export const DEMO_OPERATOR_PASSWORD = "Operador2026";
export const DEMO_OPERATORS = [{ email: "operador@demo.ciudad.test", name: "Filas" }];

type StaffGroup = {
  seedName: string;
  password: string;
  role: StaffRole;
  firstName: string;
  accounts: { email: string; name: string }[];
  /** Document numbers from here on, one per account. */
  firstDocument: number;
};

async function seedDemoStaff(db: Database, group: StaffGroup): Promise<void> {
  const passwordHash = await hashPassword(group.password);
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: group.seedName })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (claimed.length === 0) return;
    const staff = await tx
      .insert(customers)
      .values(
        group.accounts.map((account, index) => ({
          email: account.email,
          passwordHash,
          firstName: group.firstName,
          lastName: account.name,
          documentType: "DNI",
          documentNumber: String(group.firstDocument + index),
          gender: "NO_INFORMA",
          language: "es",
        })),
      )
      .onConflictDoNothing({ target: customers.email })
      .returning({ id: customers.id });
    if (staff.length > 0) {
      await tx
        .insert(staffRoles)
        .values(staff.map((member) => ({ customerId: member.id, role: group.role })));
    }
  });
}

export async function seedDemoStaffAccounts(db: Database): Promise<void> {
  await seedDemoStaff(db, {
    seedName: DEMO_BOX_CLERK_SEED_NAME,
    password: DEMO_BOX_CLERK_PASSWORD,
    role: "BOX_CLERK",
    firstName: "Boletería",
    accounts: DEMO_BOX_CLERKS,
    firstDocument: 20_000_001,
  });
  await seedDemoStaff(db, {
    seedName: DEMO_DOOR_STAFF_SEED_NAME,
    password: DEMO_DOOR_STAFF_PASSWORD,
    role: "DOOR_STAFF",
    firstName: "Puerta",
    accounts: DEMO_DOOR_STAFF,
    firstDocument: 20_000_101,
  });
  await seedDemoStaff(db, {
    seedName: DEMO_OPERATOR_SEED_NAME,
    password: DEMO_OPERATOR_PASSWORD,
    role: "OPERATOR",
    firstName: "Operación",
    accounts: DEMO_OPERATORS,
    firstDocument: 20_000_201,
  });
}
