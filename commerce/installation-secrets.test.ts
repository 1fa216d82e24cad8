// The API's secrets in production (decision 0059), through the settings a server starts with:
// unset, each is made once into the data folder (0600) and read back at the next start; with
// DATABASE_URL each must be set, one line per missing one; a published development value is
// refused; outside production the development values stand in and nothing is written.
import { generateKeyPairSync } from "node:crypto";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { commerceSettingsFromEnv } from "./config.ts";
import {
  DEVELOPMENT_NOTIFICATION_SECRET,
  DEVELOPMENT_TICKET_SECRET,
  developmentSigningKeys,
  SecretSettingsError,
  secretFiles,
} from "./installation-secrets.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function newFolder() {
  const folder = mkdtempSync(join(tmpdir(), "installation-secrets-"));
  folders.push(folder);
  return folder;
}

const production = (env: Record<string, string> = {}) =>
  commerceSettingsFromEnv("standalone", { NODE_ENV: "production", ...env });

/** The lines a refused start would print. */
function refusal(env: Record<string, string>): string[] {
  try {
    production(env);
  } catch (error) {
    if (error instanceof SecretSettingsError) return error.lines;
    throw error;
  }
  throw new Error("the settings were not refused");
}

const newPem = () =>
  generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString();
const sharedDatabase = { DATABASE_URL: "postgres://shop:shop@127.0.0.1:5432/shop_test" };
const everySecret = () => ({
  TICKET_SECRET: "an operator's own ticket secret",
  TICKET_SIGNING_KEY: newPem(),
  QUEUE_SIGNING_KEY: newPem(),
  SANDBOX_NOTIFICATION_SECRET: "an operator's own notification secret",
});

describe("a production API on one node, without the secrets set", () => {
  it("makes its own into the data folder (0600), none a development value, and keeps them", () => {
    const folder = newFolder();
    const first = production({ DATA_DIR: folder });
    const { ticket, queue } = developmentSigningKeys();
    expect(first.ticketSecret).not.toBe(DEVELOPMENT_TICKET_SECRET);
    expect(first.ticketSigningKey.keyId).not.toBe(ticket.keyId);
    expect(first.queue.signingKey.keyId).not.toBe(queue.keyId);
    expect(first.queue.signingKey.keyId).not.toBe(first.ticketSigningKey.keyId);
    expect(first.sandbox.notificationSecret).not.toBe(DEVELOPMENT_NOTIFICATION_SECRET);
    expect(first.developmentTicketSecret || first.developmentTicketSigningKey).toBe(false);
    expect(first.queue.developmentSigningKey).toBe(false);
    expect(first.secretsMade.names).toHaveLength(4);

    expect(readdirSync(folder).sort()).toEqual(Object.values(secretFiles).sort());
    for (const file of Object.values(secretFiles)) {
      expect(statSync(join(folder, file)).mode & 0o777).toBe(0o600);
    }
    expect(readFileSync(join(folder, secretFiles.TICKET_SIGNING_KEY), "utf8")).toMatch(
      /^-----BEGIN PRIVATE KEY-----\n/,
    );

    const again = production({ DATA_DIR: folder });
    expect(again.secretsMade.names).toEqual([]);
    expect(again.ticketSecret).toBe(first.ticketSecret);
    expect(again.ticketSigningKey.keyId).toBe(first.ticketSigningKey.keyId);
    expect(again.queue.signingKey.keyId).toBe(first.queue.signingKey.keyId);
    expect(again.sandbox.notificationSecret).toBe(first.sandbox.notificationSecret);
  });

  it("embedded in the storefront, keeps them in DATA_DIR beside the session secret", () => {
    const folder = newFolder();
    const settings = commerceSettingsFromEnv("embedded", {
      NODE_ENV: "production",
      DATA_DIR: folder,
      PGLITE_DIR: "memory://",
    });
    expect(existsSync(join(folder, secretFiles.TICKET_SIGNING_KEY))).toBe(true);
    expect(settings.developmentTicketSigningKey).toBe(false);
  });

  it("refuses a kept file emptied or cut off, rather than run on what is left of it", () => {
    const folder = newFolder();
    production({ DATA_DIR: folder });
    writeFileSync(join(folder, secretFiles.TICKET_SECRET), "");
    const pem = join(folder, secretFiles.QUEUE_SIGNING_KEY);
    writeFileSync(pem, readFileSync(pem, "utf8").slice(0, 40));
    const lines = refusal({ DATA_DIR: folder });
    expect(lines).toEqual([
      expect.stringMatching(/^TICKET_SECRET is not set and .+ticket-secret holds no usable value/),
      expect.stringMatching(/^QUEUE_SIGNING_KEY is not set and .+queue-signing-key.pem holds no/),
    ]);
  });

  it("makes only those that are not set", () => {
    const folder = newFolder();
    const settings = production({ DATA_DIR: folder, TICKET_SECRET: "an operator's own" });
    expect(settings.ticketSecret).toBe("an operator's own");
    expect(settings.secretsMade.names).not.toContain("TICKET_SECRET");
    expect(readdirSync(folder)).not.toContain(secretFiles.TICKET_SECRET);
  });
});

describe("a production API on a shared database (DATABASE_URL)", () => {
  it("refuses to start without them: one line per setting, what it is and how to make one", () => {
    const folder = newFolder();
    const lines = refusal({ ...sharedDatabase, DATA_DIR: folder });
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^TICKET_SECRET is not set: .+; make one with: openssl rand -base64 32$/,
    );
    expect(lines[1]).toMatch(
      /^TICKET_SIGNING_KEY is not set: .+; make one with: openssl genpkey -algorithm ed25519$/,
    );
    expect(lines[2]).toMatch(/^QUEUE_SIGNING_KEY is not set: .+ed25519$/);
    expect(lines[3]).toMatch(/^SANDBOX_NOTIFICATION_SECRET is not set: .+base64 32$/);
    // Nothing made: the nodes could not share what one of them made.
    expect(readdirSync(folder)).toEqual([]);
  });

  it("starts with all of them set", () => {
    const settings = production({ ...sharedDatabase, ...everySecret() });
    expect(settings.secretsMade.names).toEqual([]);
    expect(settings.ticketSecret).toBe("an operator's own ticket secret");
  });
});

describe("a published development value in production", () => {
  const { ticket, queue } = developmentSigningKeys();
  const pemOf = (key: typeof ticket) =>
    key.privateKey.export({ format: "pem", type: "pkcs8" }).toString();

  it("is refused for each setting, on one node or several", () => {
    for (const where of [{ DATA_DIR: newFolder() }, sharedDatabase]) {
      const lines = refusal({
        ...where,
        TICKET_SECRET: DEVELOPMENT_TICKET_SECRET,
        TICKET_SIGNING_KEY: pemOf(ticket),
        // The other development key is published too.
        QUEUE_SIGNING_KEY: pemOf(ticket),
        SANDBOX_NOTIFICATION_SECRET: DEVELOPMENT_NOTIFICATION_SECRET,
      });
      expect(lines).toEqual([
        "TICKET_SECRET is a development value published in the source code; make one with: openssl rand -base64 32",
        "TICKET_SIGNING_KEY is a development value published in the source code; make one with: openssl genpkey -algorithm ed25519",
        "QUEUE_SIGNING_KEY is a development value published in the source code; make one with: openssl genpkey -algorithm ed25519",
        "SANDBOX_NOTIFICATION_SECRET is a development value published in the source code; make one with: openssl rand -base64 32",
      ]);
    }
    expect(
      refusal({ ...everySecret(), QUEUE_SIGNING_KEY: pemOf(queue), DATA_DIR: newFolder() }),
    ).toHaveLength(1);
  });
});

describe("outside production", () => {
  it("the development values stand in, said so, and nothing is written", () => {
    const folder = newFolder();
    for (const NODE_ENV of ["development", "test"]) {
      const settings = commerceSettingsFromEnv("standalone", { NODE_ENV, DATA_DIR: folder });
      expect(settings.developmentTicketSecret).toBe(true);
      expect(settings.ticketSigningKey.keyId).toBe(developmentSigningKeys().ticket.keyId);
      expect(settings.sandbox.notificationSecret).toBe(DEVELOPMENT_NOTIFICATION_SECRET);
    }
    expect(readdirSync(folder)).toEqual([]);
  });
});
