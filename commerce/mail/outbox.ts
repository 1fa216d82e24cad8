// The default mailer: every message composed as an .eml file in the outbox folder
// ($DATA_DIR/outbox), for a developer (the /dev/outbox page), a test or an operator to read.
// A file appears whole or not at all (written beside, then renamed), readable only by the
// server's user, since a message holds personal data and recovery codes.
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { composeEml } from "./compose.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

/** Sorts by time of writing: the name starts with the time, then a random tail. */
function fileName(now: Date) {
  return `${now.toISOString().replace(/[:.]/g, "-")}-${randomBytes(6).toString("hex")}.eml`;
}

export class OutboxMailer implements Mailer {
  constructor(
    readonly folder: string,
    private readonly from: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: MailMessage): Promise<void> {
    const eml = await composeEml(message, this.from);
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    const name = fileName(this.now());
    const partial = join(this.folder, `.${name}.partial`);
    await writeFile(partial, eml, { mode: 0o600 });
    await rename(partial, join(this.folder, name));
  }
}

/** The same outbox kept in memory (tests): each message composed exactly as on disk. */
export class MemoryOutbox implements Mailer {
  readonly messages: Buffer[] = [];
  constructor(private readonly from = "Test shop <no-reply@shop.example>") {}

  async send(message: MailMessage): Promise<void> {
    this.messages.push(await composeEml(message, this.from));
  }
}

/** The .eml files of an outbox folder, newest first (none when it does not exist yet). */
export async function outboxFiles(folder: string): Promise<Array<{ name: string; eml: Buffer }>> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => /^[\w-]+\.eml$/.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  names.sort().reverse();
  return Promise.all(
    names.map(async (name) => ({ name, eml: await readFile(join(folder, name)) })),
  );
}
