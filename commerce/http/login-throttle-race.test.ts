// Logins arriving together at two API processes that share the database (issue 29 §5): the
// per-address limit lets exactly its number of guesses through, and attempts on shared
// counters (one account, one address, successes and failures mixed) all get an answer, none
// a deadlock. Always on PGlite; also on a real PostgreSQL server (a scratch database of its
// own, a pool of 10, so the statements truly overlap) when TEST_DATABASE_URL is set.
import { describe, expect, it } from "vitest";
import { parseRateLimits } from "../limits/rate-limits.ts";
import { twoApiProcesses, useScratchRaceDatabase } from "../testing/api-test.ts";
import { scratchRaceBackends, signUp, TEST_PASSWORD, type TestApi } from "../testing/harness.ts";

const login = (api: TestApi, email: string, password: string, clientAddress: string) =>
  api.call("/Cliente/Ingreso/Token", { body: { cEmail: email, cClave: password }, clientAddress });

describe.each(scratchRaceBackends())("logins at once on $name", (backend) => {
  const { skip } = backend;
  const database = useScratchRaceDatabase(backend);
  let one: TestApi;
  let other: TestApi;

  async function twoProcesses(overrides: string) {
    [one, other] = await twoApiProcesses(database().db, {
      rateLimits: parseRateLimits(overrides),
    });
  }

  it.skipIf(skip)(
    "one address guessing one account gets exactly login.pair guesses",
    async () => {
      await twoProcesses("login.pair=4/15");
      const { email } = await signUp(one);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          login(i % 2 ? other : one, email, "Equivocada9", "198.51.100.1"),
        ),
      );
      const codes = answers.map((answer) => answer.json.oData.cCodigo);
      expect(codes.filter((code) => code === "BAD_CREDENTIALS")).toHaveLength(4);
      expect(codes.filter((code) => code === "RATE_LIMITED")).toHaveLength(8);
      // The owner, from their own address, at once.
      expect((await login(other, email, TEST_PASSWORD, "203.0.113.7")).json.nCode).toBe(200);
    },
    120_000,
  );

  it.skipIf(skip)(
    "right and wrong passwords together on shared counters all get an answer",
    async () => {
      await twoProcesses("");
      const [ana, bob] = [await signUp(one), await signUp(one)];
      const attempts = Array.from({ length: 24 }, (_, i) => {
        const email = i % 3 === 0 ? bob.email : ana.email;
        const password = i % 2 ? TEST_PASSWORD : "Equivocada9";
        return login(i % 2 ? other : one, email, password, `192.0.2.${1 + (i % 2)}`);
      });
      const answers = await Promise.all(attempts);
      expect(answers.map((answer) => answer.status).filter((status) => status >= 500)).toEqual([]);
      const successes = answers.filter((answer) => answer.json.nCode === 200);
      expect(successes).toHaveLength(12);
    },
    120_000,
  );
});
