// The API's secrets and private keys (decision 0059). Each has a development value published
// in this repository, so a production server never runs on one: unset, it is made once per
// installation into the data folder (as the storefront's session secret is) and read back at
// every later start; with DATABASE_URL (several nodes on one database, which must share them)
// it must be set; and a published value is refused. Outside production the development
// values stand in, so `npm run dev` and the tests need no setup.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type TicketSigningKey,
  ticketSigningKeyFrom,
  ticketSigningKeyFromSeed,
} from "./tickets/code.ts";

export const DEVELOPMENT_TICKET_SECRET = "development-ticket-secret-change-me";
/** Whoever reads this can sign tickets for a shop that runs with it: development only. */
const DEVELOPMENT_SIGNING_SEED = "development-ticket-signing-key-change-me";
/** Whoever reads this can let anyone out of a waiting room: development only. */
const DEVELOPMENT_QUEUE_SIGNING_SEED = "development-queue-signing-key-change-me";
/** Whoever reads this can forge the sandbox acquirer's and wallet's notifications. */
export const DEVELOPMENT_NOTIFICATION_SECRET = "sandbox-notifications-for-development-only";

let developmentKeys: { ticket: TicketSigningKey; queue: TicketSigningKey } | undefined;
/** The development keys, drawn from their published texts (once: drawing costs a key). */
export function developmentSigningKeys() {
  developmentKeys ??= {
    ticket: ticketSigningKeyFromSeed(DEVELOPMENT_SIGNING_SEED),
    queue: ticketSigningKeyFromSeed(DEVELOPMENT_QUEUE_SIGNING_SEED),
  };
  return developmentKeys;
}

type Kind = "hmac" | "ed25519";

/** Each setting: what it is (said when it is missing), its kind and its file in the folder. */
const secrets = {
  TICKET_SECRET: {
    kind: "hmac",
    file: "ticket-secret",
    what: "the key of cancel keys, recovery codes and old ticket codes",
  },
  TICKET_SIGNING_KEY: {
    kind: "ed25519",
    file: "ticket-signing-key.pem",
    what: "the Ed25519 private key that signs the ticket codes",
  },
  QUEUE_SIGNING_KEY: {
    kind: "ed25519",
    file: "queue-signing-key.pem",
    what: "the Ed25519 private key that signs the waiting rooms' admission tokens",
  },
  SANDBOX_NOTIFICATION_SECRET: {
    kind: "hmac",
    file: "sandbox-notification-secret",
    what: "the key that signs the sandbox acquirer's and wallet's notifications",
  },
} as const satisfies Record<string, { kind: Kind; file: string; what: string }>;

export type SecretName = keyof typeof secrets;

const howToMake: Record<Kind, string> = {
  hmac: "openssl rand -base64 32",
  ed25519: "openssl genpkey -algorithm ed25519",
};

/** The settings as configured (keys already read), each possibly unset. */
export type ConfiguredSecrets = {
  TICKET_SECRET?: string;
  TICKET_SIGNING_KEY?: TicketSigningKey;
  QUEUE_SIGNING_KEY?: TicketSigningKey;
  SANDBOX_NOTIFICATION_SECRET?: string;
};

export type InstallationSecrets = {
  ticketSecret: string;
  ticketSigningKey: TicketSigningKey;
  queueSigningKey: TicketSigningKey;
  notificationSecret: string;
  /** Which of them are development values (only ever outside production). */
  development: SecretName[];
  /** Which were made into the folder by this start (the first one of an installation). */
  created: SecretName[];
};

/** A start refused for its secrets: one line per setting, saying what it is and how to make one. */
export class SecretSettingsError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join("\n"));
    this.name = "SecretSettingsError";
  }
}

/** Whether a configured value is one of the values published in this repository. */
export function isPublishedValue(value: string | TicketSigningKey): boolean {
  if (typeof value === "string") {
    return value === DEVELOPMENT_TICKET_SECRET || value === DEVELOPMENT_NOTIFICATION_SECRET;
  }
  const { ticket, queue } = developmentSigningKeys();
  return value.keyId === ticket.keyId || value.keyId === queue.keyId;
}

/**
 * The secrets to run with. Production: the configured ones (never a published value), else
 * with a shared database a refusal naming each missing one, else the installation's own from
 * `folder`. Otherwise: the configured ones, else the development values.
 */
export function installationSecrets(
  configured: ConfiguredSecrets,
  where: { production: boolean; sharedDatabase: boolean; folder: string },
): InstallationSecrets {
  const names = Object.keys(secrets) as SecretName[];
  if (!where.production) {
    const development = names.filter((name) => configured[name] === undefined);
    const keys = developmentSigningKeys();
    return {
      ticketSecret: configured.TICKET_SECRET ?? DEVELOPMENT_TICKET_SECRET,
      ticketSigningKey: configured.TICKET_SIGNING_KEY ?? keys.ticket,
      queueSigningKey: configured.QUEUE_SIGNING_KEY ?? keys.queue,
      notificationSecret: configured.SANDBOX_NOTIFICATION_SECRET ?? DEVELOPMENT_NOTIFICATION_SECRET,
      development,
      created: [],
    };
  }
  const refusals = names.flatMap((name) => {
    const { kind, what } = secrets[name];
    const value = configured[name];
    if (value !== undefined && isPublishedValue(value)) {
      return `${name} is a development value published in the source code; make one with: ${howToMake[kind]}`;
    }
    if (value === undefined && where.sharedDatabase) {
      return `${name} is not set: ${what}, which every API node on DATABASE_URL must share; make one with: ${howToMake[kind]}`;
    }
    return [];
  });
  if (refusals.length > 0) throw new SecretSettingsError(refusals);
  const created: SecretName[] = [];
  const unusable: string[] = [];
  /** The folder's value of a setting, made now if there is none; a damaged file is refused. */
  const own = <T>(name: SecretName, read: (text: string) => T): T | undefined => {
    const { file, kind } = secrets[name];
    const { text, made } = keptSecret(where.folder, file, kind);
    if (made) created.push(name);
    try {
      return read(text);
    } catch {
      unusable.push(
        `${name} is not set and ${join(where.folder, file)} holds no usable value: restore it ` +
          "from a backup, or delete it to make a new one (what the old one signed stops verifying)",
      );
      return undefined;
    }
  };
  const owned = {
    ticketSecret: configured.TICKET_SECRET ?? own("TICKET_SECRET", hmacKey),
    ticketSigningKey:
      configured.TICKET_SIGNING_KEY ?? own("TICKET_SIGNING_KEY", ticketSigningKeyFrom),
    queueSigningKey: configured.QUEUE_SIGNING_KEY ?? own("QUEUE_SIGNING_KEY", ticketSigningKeyFrom),
    notificationSecret:
      configured.SANDBOX_NOTIFICATION_SECRET ?? own("SANDBOX_NOTIFICATION_SECRET", hmacKey),
  };
  if (unusable.length > 0) throw new SecretSettingsError(unusable);
  // Every one is set now: a missing one was refused just above.
  const values = owned as Omit<InstallationSecrets, "development" | "created">;
  return { ...values, development: [], created };
}

/** A kept HMAC key: an empty or short file (cut off, emptied by hand) is not one. */
function hmacKey(text: string): string {
  if (text.length < 32) throw new Error("too short for a key");
  return text;
}

function newSecret(kind: Kind): string {
  if (kind === "hmac") return `${randomBytes(32).toString("base64")}\n`;
  const { privateKey } = generateKeyPairSync("ed25519");
  return privateKey.export({ format: "pem", type: "pkcs8" }).toString();
}

/**
 * The folder's secret in `file`, made (mode 0600) when there is none yet. It is written
 * aside and linked into place, which fails if the file exists: of two starts at once, both
 * end up with the one that was linked first, never with a half-written file.
 */
function keptSecret(folder: string, file: string, kind: Kind): { text: string; made: boolean } {
  const path = join(folder, file);
  const existing = readIfThere(path);
  if (existing !== undefined) return { text: existing, made: false };
  mkdirSync(folder, { recursive: true });
  const aside = `${path}.${process.pid}.${randomBytes(6).toString("hex")}`;
  writeFileSync(aside, newSecret(kind), { mode: 0o600, flag: "wx" });
  try {
    linkSync(aside, path);
    return { text: readFileSync(path, "utf8").trim(), made: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { text: readFileSync(path, "utf8").trim(), made: false };
  } finally {
    rmSync(aside, { force: true });
  }
}

function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** The file each setting is kept in when the installation made it (for messages and tests). */
export const secretFiles: Record<SecretName, string> = Object.fromEntries(
  Object.entries(secrets).map(([name, { file }]) => [name, file]),
) as Record<SecretName, string>;
