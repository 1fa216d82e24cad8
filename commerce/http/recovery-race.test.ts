// Password recovery at once on two API processes that share the database (issue 29 §5,
// decision 0063): wrong tries from many addresses together are each counted against the
// live code, none lost, and requests from many addresses together each keep their own code.
// Always on PGlite; also on a real PostgreSQL server (a scratch database of its own, a pool
// of 10, so the statements truly overlap) when TEST_DATABASE_URL is set.
import { describe, expect, it } from "vitest";
import { passwordRecoveryCodes } from "../db/schema.ts";
import { partText, readEml } from "../mail/read-eml.ts";
import { backgroundWorkSettled } from "../operations/background-work.ts";
import { twoApiProcesses, useScratchRaceDatabase } from "../testing/api-test.ts";
import { scratchRaceBackends, signUp, type TestApi } from "../testing/harness.ts";

const ask = (api: TestApi, cEmail: string, clientAddress: string) =>
  api.call("/Cliente/CodigoRecupero", { body: { cEmail }, clientAddress });

const reset = (api: TestApi, cEmail: string, cCodigo: string, clientAddress: string) =>
  api.call("/Cliente/ModificarClave/CodigoRecupero", {
    body: { cEmail, cCodigo, cClave: "Nueva2031x" },
    clientAddress,
  });

/** The codes mailed by both processes, once every mail asked for has been written. */
async function mailedCodes(...apis: TestApi[]): Promise<string[]> {
  expect(await backgroundWorkSettled(10_000)).toBe(true);
  return apis
    .flatMap((api) => api.outbox.messages)
    .map((eml) => /\b(\d{8})\b/.exec(partText(readEml(eml), "text/plain") ?? "")?.[1] ?? "");
}

const wrong = (code: string) => String((Number(code) + 1) % 100_000_000).padStart(8, "0");

describe.each(scratchRaceBackends())("password recovery at once on $name", (backend) => {
  const { skip } = backend;
  const database = useScratchRaceDatabase(backend);
  let one: TestApi;
  let other: TestApi;

  async function twoProcesses() {
    const { db } = database();
    [one, other] = await twoApiProcesses(db);
    return db;
  }

  it.skipIf(skip)(
    "49 wrong tries at once from ten addresses are each counted, and the owner's code still works",
    async () => {
      const db = await twoProcesses();
      const { email } = await signUp(one);
      expect((await ask(one, email, "203.0.113.20")).status).toBe(200);
      const [code] = await mailedCodes(one);
      const answers = await Promise.all(
        Array.from({ length: 49 }, (_, i) =>
          reset(i % 2 ? other : one, email, wrong(code), `198.51.100.${Math.floor(i / 5) + 1}`),
        ),
      );
      const codes = answers.map((answer) => answer.json.oData?.cCodigo);
      expect(codes.filter((answer) => answer === "RECOVERY_CODE_INVALID")).toHaveLength(49);
      const [row] = await db.select().from(passwordRecoveryCodes);
      expect(row.failedAttempts).toBe(49);
      const changed = await reset(other, email, code, "203.0.113.20");
      expect(changed.json.oData).toEqual({ lClaveModificada: true });
    },
    120_000,
  );

  it.skipIf(skip)(
    "eight addresses asking at once each get a mail and keep their own code",
    async () => {
      const db = await twoProcesses();
      const { email } = await signUp(one);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => ask(i % 2 ? other : one, email, `192.0.2.${i + 1}`)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      const codes = await mailedCodes(one, other);
      expect(codes).toHaveLength(8);
      expect(await db.select().from(passwordRecoveryCodes)).toHaveLength(8);
      const changed = await reset(one, email, codes[7], "192.0.2.1");
      expect(changed.json.oData).toEqual({ lClaveModificada: true });
      expect(await db.select().from(passwordRecoveryCodes)).toHaveLength(0);
    },
    120_000,
  );
});
