// The development outbox page: it lists what the outbox holds, and is a 404 in production.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { config } from "~/services/config.server";
import { pageGet, runRoute } from "~/testing/route-harness";
import { recoveryMail } from "../../../commerce/customers/recovery.ts";
import { OutboxMailer } from "../../../commerce/mail/outbox.ts";
import * as devOutbox from "./route";

const saved = { production: config.production, outboxDir: config.outboxDir };
let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "dev-outbox-"));
  config.outboxDir = folder;
});
afterEach(async () => {
  Object.assign(config, saved);
  await rm(folder, { recursive: true, force: true });
});

describe("/dev/outbox", () => {
  it("lists the messages, newest first, with their plain text", async () => {
    const outbox = new OutboxMailer(folder, "Shop <no-reply@shop.example>");
    await outbox.send(
      recoveryMail({ email: "ana@example.com", firstName: "Ana" }, "11112222", "es"),
    );
    await outbox.send(
      recoveryMail({ email: "bob@example.com", firstName: "Bob" }, "33334444", "en"),
    );
    const { result } = await runRoute(devOutbox.loader, pageGet("/dev/outbox"));
    const messages = result?.messages ?? [];
    expect(messages.map((m) => m.to)).toEqual(["bob@example.com", "ana@example.com"]);
    expect(messages[0].subject).toBe("Your password recovery code");
    expect(messages[0].text).toContain("33334444");
    expect(messages[1].text).toContain("Hola Ana:");
    expect(Date.parse(messages[0].date)).not.toBeNaN();
  });

  it("is empty before any mail", async () => {
    config.outboxDir = join(folder, "not-yet");
    const { result } = await runRoute(devOutbox.loader, pageGet("/dev/outbox"));
    expect(result?.messages).toEqual([]);
  });

  it("does not exist in production", async () => {
    config.production = true;
    const { thrown } = await runRoute(devOutbox.loader, pageGet("/dev/outbox"));
    expect((thrown as { init: ResponseInit }).init.status).toBe(404);
  });
});
