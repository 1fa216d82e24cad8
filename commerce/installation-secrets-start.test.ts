// The real standalone API started for production without its secrets (decision 0059): on
// its own data folder it makes them (0600), publishes the public keys of the keys it made,
// never prints them, and finds the same ones after a restart; on a shared database it says,
// one line per setting, what to set and exits 1 without a stack.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { queueKeyResponse, ticketKeyResponse } from "./contract/index.ts";
import {
  DEVELOPMENT_TICKET_SECRET,
  developmentSigningKeys,
  secretFiles,
} from "./installation-secrets.ts";
import { listening, serverProcessesOfTests } from "./testing/server-process.ts";
import { ticketSigningKeyFrom } from "./tickets/code.ts";

const servers = serverProcessesOfTests("installation-secrets-start-");

/** Production, with none of the secrets set (the helper's test TICKET_SECRET taken away). */
const withoutSecrets = { NODE_ENV: "production", TICKET_SECRET: undefined, LOG_LEVEL: "info" };

describe("a production API on its own data folder, started without its secrets", () => {
  it("makes them once (0600), publishes the keys it made, prints none, and keeps them", {
    timeout: 480_000,
  }, async () => {
    const folder = servers.newFolder();
    const keyIdIn = (name: "TICKET_SIGNING_KEY" | "QUEUE_SIGNING_KEY") =>
      ticketSigningKeyFrom(readFileSync(join(folder, secretFiles[name]), "utf8")).keyId;

    const published = async () => {
      const api = await listening(servers.start({ ...withoutSecrets, DATA_DIR: folder }));
      const ticketKey = ticketKeyResponse.parse(
        (await api.call("/Acceso/ClavePublica")).json.oData,
      );
      const queueKey = queueKeyResponse.parse((await api.call("/Cola/ClavePublica")).json.oData);
      expect(await api.stop("SIGTERM")).toBe(0);
      return { ticket: ticketKey.cKid, queue: queueKey.cKid, output: api.output() };
    };

    const first = await published();
    const made = Object.values(secretFiles).map((file) => readFileSync(join(folder, file), "utf8"));
    for (const file of Object.values(secretFiles)) {
      expect(statSync(join(folder, file)).mode & 0o777).toBe(0o600);
    }
    expect(first.ticket).toBe(keyIdIn("TICKET_SIGNING_KEY"));
    expect(first.queue).toBe(keyIdIn("QUEUE_SIGNING_KEY"));
    expect(first.ticket).not.toBe(developmentSigningKeys().ticket.keyId);
    expect(first.queue).not.toBe(developmentSigningKeys().queue.keyId);
    expect(first.output).toContain("TICKET_SIGNING_KEY is not set: made this installation's own");
    for (const text of made) {
      // The key files' body and the secrets themselves, in any line printed.
      const secret = text.replace(/-----[A-Z ]+-----/g, "").trim();
      expect(first.output).not.toContain(secret);
    }

    const second = await published();
    expect(second.ticket).toBe(first.ticket);
    expect(second.queue).toBe(first.queue);
    expect(second.output).not.toContain("made this installation's own");
    expect(
      Object.values(secretFiles).map((file) => readFileSync(join(folder, file), "utf8")),
    ).toEqual(made);
  });
});

describe("a production API on a shared database (DATABASE_URL), started without its secrets", () => {
  it("exits 1 saying, one line per setting, what it is and how to make one, without a stack", {
    timeout: 120_000,
  }, async () => {
    const api = servers.start({
      ...withoutSecrets,
      DATA_DIR: servers.newFolder(),
      // Never reached: nothing listens there (the start must stop before the database).
      DATABASE_URL: "postgres://shop:shop@127.0.0.1:4309/nowhere",
      // A published value is refused as well.
      TICKET_SECRET: DEVELOPMENT_TICKET_SECRET,
    });
    expect(await api.exited).toBe(1);
    const lines = api
      .output()
      .split("\n")
      .filter((line) => line.startsWith("commerce API cannot start: "));
    expect(lines).toEqual([
      "commerce API cannot start: TICKET_SECRET is a development value published in the source code; make one with: openssl rand -base64 32",
      expect.stringMatching(
        /^commerce API cannot start: TICKET_SIGNING_KEY is not set: .+ every API node on DATABASE_URL must share; make one with: openssl genpkey -algorithm ed25519$/,
      ),
      expect.stringMatching(
        /^commerce API cannot start: QUEUE_SIGNING_KEY is not set: .+; make one with: openssl genpkey -algorithm ed25519$/,
      ),
      expect.stringMatching(
        /^commerce API cannot start: SANDBOX_NOTIFICATION_SECRET is not set: .+; make one with: openssl rand -base64 32$/,
      ),
    ]);
    expect(api.output()).not.toMatch(/\n\s+at /);
  });
});
