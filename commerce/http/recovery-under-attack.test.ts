// Recovery by mail always works for the owner (issue 29 §5, decision 0063): a third party who
// knows the e-mail asks for codes and tries wrong ones from other addresses, through the real
// endpoints and limits. The owner, from an address that did not misbehave, still gets a mail
// and their code still works; the attacker's addresses are refused past their own limits;
// the answers are the same whether or not the e-mail has an account; and one mailbox gets a
// bounded number of mails.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { partText, readEml } from "../mail/read-eml.ts";
import { backgroundWorkSettled } from "../operations/background-work.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { signUp, TEST_PASSWORD, type TestApi } from "../testing/harness.ts";

let t: TestApi;
const api = setUpApiTests({ fixture: async () => null });
beforeEach(() => {
  ({ t } = api);
});

const OWNER = "203.0.113.20";
const NEW_PASSWORD = "Nueva2031x";
const attackers = (count: number, prefix = "198.51.100") =>
  Array.from({ length: count }, (_, i) => `${prefix}.${i + 1}`);

const ask = (cEmail: string, clientAddress: string) =>
  t.call("/Cliente/CodigoRecupero", { body: { cEmail }, clientAddress, language: "en" });

const reset = (cEmail: string, cCodigo: string, clientAddress: string) =>
  t.call("/Cliente/ModificarClave/CodigoRecupero", {
    body: { cEmail, cCodigo, cClave: NEW_PASSWORD },
    clientAddress,
    language: "en",
  });

const login = (cEmail: string, cClave: string) =>
  t.call("/Cliente/Ingreso/Token", { body: { cEmail, cClave }, clientAddress: OWNER });

/** Every mail asked for so far has been written (or found to have no account). */
async function mailsSettled(): Promise<number> {
  expect(await backgroundWorkSettled(10_000)).toBe(true);
  return t.outbox.messages.length;
}

/** Waits for the n-th mail and reads its code. */
async function codeOfMail(n: number): Promise<string> {
  await vi.waitFor(() => expect(t.outbox.messages.length).toBeGreaterThanOrEqual(n), {
    timeout: 5000,
  });
  const text = partText(readEml(t.outbox.messages[n - 1]), "text/plain") ?? "";
  const code = /\b(\d{8})\b/.exec(text)?.[1];
  if (!code) throw new Error("no code in the mail");
  return code;
}

/** A code that is not `code` (nor, with odds of 10^-8, any other live one). */
const wrong = (code: string) => String((Number(code) + 1) % 100_000_000).padStart(8, "0");

describe("password recovery under attack", () => {
  it("an attacker asks codes for the victim and tries wrong ones from other addresses: the owner still gets a mail, and their code works", async () => {
    const { email } = await signUp(t);
    // Before the owner asks: four addresses, each as far as its own limits go.
    for (const from of attackers(4)) {
      for (let i = 0; i < 3; i++) await ask(email, from);
      for (let i = 0; i < 5; i++) {
        const tried = await reset(email, "00000000", from);
        expect(tried.json.oData.cCodigo).toBe("RECOVERY_CODE_INVALID");
      }
    }
    const before = await mailsSettled();

    const asked = await ask(email, OWNER);
    expect(asked.status).toBe(200);
    expect(asked.json.oData).toEqual({ lSolicitudRecibida: true });
    const code = await codeOfMail(before + 1);

    // After: four more addresses ask (their codes do not replace the owner's) and guess.
    for (const from of attackers(4, "192.0.2")) {
      expect((await ask(email, from)).status).toBe(200);
      for (let i = 0; i < 5; i++) {
        const tried = await reset(email, wrong(code), from);
        expect(tried.json.oData.cCodigo).toBe("RECOVERY_CODE_INVALID");
      }
    }
    const changed = await reset(email, code, OWNER);
    expect(changed.json.oData).toEqual({ lClaveModificada: true });
    expect((await login(email, NEW_PASSWORD)).json.nCode).toBe(200);
    expect((await login(email, TEST_PASSWORD)).json.nCode).toBe(401);
  });

  it("refuses the attacker's own address past its limits, and no one else", async () => {
    const { email } = await signUp(t);
    const attacker = "198.51.100.9";
    for (let i = 0; i < 3; i++) expect((await ask(email, attacker)).status).toBe(200);
    const refused = await ask(email, attacker);
    expect(refused.status).toBe(429);
    expect(refused.json.oData.cCodigo).toBe("RATE_LIMITED");
    expect(Number(refused.response.headers.get("Retry-After"))).toBeGreaterThan(0);

    const before = await mailsSettled();
    expect((await ask(email, OWNER)).status).toBe(200);
    const code = await codeOfMail(before + 1);

    for (let i = 0; i < 5; i++) {
      const tried = await reset(email, wrong(code), attacker);
      expect(tried.json.oData.cCodigo).toBe("RECOVERY_CODE_INVALID");
    }
    // Refused before the code is looked at: even the right one gets the attacker nothing.
    const stopped = await reset(email, code, attacker);
    expect(stopped.status).toBe(429);
    expect(stopped.json.oData.cCodigo).toBe("RATE_LIMITED");
    expect((await reset(email, code, OWNER)).json.oData).toEqual({ lClaveModificada: true });
  });

  it("kills the live codes only after 50 wrong tries from many addresses; the owner then asks again", async () => {
    const { email } = await signUp(t);
    expect((await ask(email, OWNER)).status).toBe(200);
    const first = await codeOfMail(1);
    for (const from of attackers(10)) {
      for (let i = 0; i < 5; i++) {
        const tried = await reset(email, wrong(first), from);
        expect(tried.json.oData.cCodigo, `${from} try ${i + 1}`).toBe("RECOVERY_CODE_INVALID");
      }
    }
    expect((await reset(email, first, OWNER)).json.oData.cCodigo).toBe("RECOVERY_CODE_INVALID");
    expect((await ask(email, OWNER)).status).toBe(200);
    const second = await codeOfMail(2);
    expect((await reset(email, second, OWNER)).json.oData).toEqual({ lClaveModificada: true });
  });

  it("answers the same whether or not the e-mail has an account, refusals included", async () => {
    const { email } = await signUp(t);
    const answersFor = async (target: string, prefix: string) => {
      const answers: unknown[] = [];
      const note = ({ status, json, response }: Awaited<ReturnType<typeof ask>>) =>
        answers.push([status, json, response.headers.get("Retry-After")]);
      for (let i = 0; i < 4; i++) note(await ask(target, `${prefix}.1`));
      for (const from of [`${prefix}.2`, `${prefix}.3`]) {
        note(await ask(target, from));
        note(await ask(target, from));
      }
      for (let i = 0; i < 6; i++) note(await reset(target, "00000000", `${prefix}.1`));
      return answers;
    };
    const known = await answersFor(email, "198.51.100");
    const unknown = await answersFor("nobody@example.com", "192.0.2");
    expect(unknown).toEqual(known);
    // Three from the first address; then, the e-mail having had its five, only the first of
    // each other address; five wrong codes from one address: the same for both.
    expect(known.map((answer) => (answer as unknown[])[0])).toEqual([
      200, 200, 200, 429, 200, 429, 200, 429, 200, 200, 200, 200, 200, 429,
    ]);
  });

  it("bounds the mails one mailbox gets: 3 an hour from one address, 5 in all from addresses that already asked, one for each new address", async () => {
    const { email } = await signUp(t);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await ask(email, "198.51.100.1")).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    expect(await mailsSettled()).toBe(3);

    const others = attackers(4, "192.0.2");
    const rounds: number[][] = [];
    for (let round = 0; round < 3; round++) {
      rounds.push([]);
      for (const from of others) rounds[round].push((await ask(email, from)).status);
    }
    // The mailbox has had more than 5 requests: each new address gets one mail, then no more.
    expect(rounds).toEqual([
      [200, 200, 200, 200],
      [429, 429, 429, 429],
      [429, 429, 429, 429],
    ]);
    expect(await mailsSettled()).toBe(7);
    t.clock.advanceMinutes(60);
    expect((await ask(email, "198.51.100.1")).status).toBe(200);
  });
});
