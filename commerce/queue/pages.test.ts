// The waiting room's pages (issue 12): the ticket kept in a cookie and out of the address
// bar, the page in three languages without JavaScript, the poll from memory, the turn's
// link, leaving, the fairness page, and the weight a phone on a poor network downloads.
import { gzipSync } from "node:zlib";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { queueEntries } from "../db/schema.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { grantStaffRole } from "../testing/harness.ts";
import { join, minutesFromNow, queueOn, takeTurn, waitPolling } from "../testing/queue.ts";
import { entryById } from "./entries.ts";
import { queuePages } from "./pages.ts";
import { waitingRoomOf } from "./waiting-room.ts";

const api = setUpApiTests({ customers: ["ana", "bruno", "operator"] });
let main: number;
let pages: ReturnType<typeof queuePages>;
beforeEach(async () => {
  main = api.fx.performances.main.id;
  await grantStaffRole(api.db, "operator@example.com", "OPERATOR");
  pages = queuePages(api.t.deps, { storefrontUrl: "" });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  pages.request(`http://shop.test${path}`, { headers });

/** The Cookie header a browser sends back after this answer set colaTurno. */
function waitTicketCookie(response: Response): string {
  const set = response.headers.get("set-cookie") ?? "";
  const match = /^(colaTurno=[^;]+)/.exec(set);
  if (!match) throw new Error(`no colaTurno cookie in ${set}`);
  return match[1];
}

/** Ana in a queue whose sale starts in a minute, her ticket as the page keeps it. */
async function anaWaiting() {
  await queueOn(api.t, api.tokens.operator, main, { dInicioVenta: minutesFromNow(api.t, 1) });
  const answer = await takeTurn(api.t, api.tokens.ana, main);
  const ticket: string = answer.json.oData.cTurno;
  const kept = await get(`/cola?qid=${main}&turno=${encodeURIComponent(ticket)}`);
  return { ticket, cookie: waitTicketCookie(kept) };
}

/** The pages on deps whose database counts the statements it is asked for. */
function countingPages() {
  const reads = { count: 0 };
  const counting = new Proxy(api.db, {
    get(target, property, receiver) {
      if (["select", "execute", "update", "insert", "transaction"].includes(String(property))) {
        reads.count += 1;
      }
      return Reflect.get(target, property, receiver);
    },
  }) as Database;
  const deps = { ...api.t.deps, db: counting };
  return { deps, counted: queuePages(deps, { storefrontUrl: "" }), reads };
}

describe("the waiting page", () => {
  it("keeps a genuine ticket in an httpOnly cookie and takes it out of the address bar", async () => {
    const { ticket } = await anaWaiting();
    const kept = await get(`/cola?qid=${main}&turno=${encodeURIComponent(ticket)}`);
    expect(kept.status).toBe(303);
    expect(kept.headers.get("location")).toBe(`/cola?qid=${main}`);
    const cookie = kept.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^colaTurno=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/cola/);
    // A forged ticket, or another queue's, is not kept.
    const forged = await get(`/cola?qid=${main}&turno=abc.def`);
    expect(forged.status).toBe(303);
    expect(forged.headers.get("set-cookie")).toBeNull();
    const other = await get(`/cola?qid=${main + 1}&turno=${encodeURIComponent(ticket)}`);
    expect(other.headers.get("set-cookie")).toBeNull();
  });

  it("shows the pre-queue without JavaScript: start, turn code, refresh, leave, fairness", async () => {
    const { cookie } = await anaWaiting();
    const page = await get(`/cola?qid=${main}`, { cookie, "accept-language": "en" });
    expect(page.status).toBe(200);
    // The storefront's page policy, with the page's own nonce; framing refused.
    const policy = page.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain("form-action 'self'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("cache-control")).toBe("no-store");
    const text = await page.text();
    const [entry] = await api.db.select().from(queueEntries);
    expect(text).toContain('<html lang="en">');
    // The shop's icon: without one the browser asks for /favicon.ico, which nothing serves.
    expect(text).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(text).toContain("Virtual queue for Obra de Prueba");
    expect(text).toContain("Everyone who arrives before then gets a random place");
    expect(text).toContain(`<code>${entry.turnCode}</code>`);
    expect(text).toContain('<noscript><meta http-equiv="refresh" content="20"></noscript>');
    expect(text).toContain(`<script src="/cola/espera.js" nonce="${nonce}" defer></script>`);
    expect(text).toContain(`action="/cola/salir?qid=${main}"`);
    expect(text).toContain(`href="/cola/equidad?qid=${main}"`);
    expect(text).toContain('aria-live="polite"');
    expect(text).not.toMatch(/<script>/);
  });

  it("speaks the storefront's language cookie first, then Accept-Language, else Spanish", async () => {
    const { cookie } = await anaWaiting();
    const lng = (value: string) =>
      `lng=${encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64"))}`;
    const pt = await (
      await get(`/cola?qid=${main}`, { cookie: `${cookie}; ${lng("pt")}`, "accept-language": "en" })
    ).text();
    expect(pt).toContain('<html lang="pt">');
    expect(pt).toContain("Fila virtual para Obra de Prueba");
    const es = await (await get(`/cola?qid=${main}`, { cookie })).text();
    expect(es).toContain("Dejá esta página abierta");
  });

  it("says so when the visitor holds no place, or the queue is not there", async () => {
    await queueOn(api.t, api.tokens.operator, main);
    const none = await (await get(`/cola?qid=${main}`, { "accept-language": "en" })).text();
    expect(none).toContain("have a place in this queue. Open the performance to take one.");
    expect(none).toContain(`href="/funcion/obra-de-prueba/${main}"`);
    expect((await get("/cola?qid=999999")).status).toBe(404);
    for (const qid of ["", "abc", "0", "99999999999", "1%20"]) {
      expect((await get(`/cola?qid=${qid}`)).status).toBe(400);
      expect((await get(`/cola/estado?qid=${qid}`)).status).toBe(400);
    }
  });
});

describe("the poll", () => {
  it("answers from memory once warm: no database read per poll", async () => {
    const { cookie } = await anaWaiting();
    api.t.clock.advanceMinutes(0.25);
    const { deps, counted, reads } = countingPages();
    const poll = () =>
      counted.request(`http://shop.test/cola/estado?qid=${main}`, { headers: { cookie } });
    expect((await (await poll()).json()).estado).toBe("before-start");
    const afterWarmUp = reads.count;
    for (let i = 0; i < 5; i++) await poll();
    expect(reads.count).toBe(afterWarmUp);
    // The polls were seen, and reach the database in one batch.
    expect(await waitingRoomOf(deps).flushLastSeen()).toBe(1);
  });

  it("writes a large batch of last-seen times over several slices, and learns who is gone", async () => {
    await anaWaiting();
    const [ana] = await api.db.select().from(queueEntries);
    const room = waitingRoomOf(api.t.deps);
    // 249 entries that are not there (left long ago), then Ana: three slices of the flush.
    const goneIds = Array.from({ length: 249 }, (_, i) => ana.id + 1000 + i);
    for (const id of goneIds) room.seen(id);
    api.t.clock.advanceMinutes(0.5);
    room.seen(ana.id);
    expect(await room.flushLastSeen()).toBe(1);
    expect(goneIds.every((id) => room.isGone(id))).toBe(true);
    expect(room.isGone(ana.id)).toBe(false);
    const [after] = await api.db.select().from(queueEntries);
    expect(after.lastSeenAt.getTime()).toBeGreaterThan(ana.lastSeenAt.getTime());
  });

  it("learns the place once shuffled, renews the ticket, then counts who is ahead", async () => {
    const { cookie } = await anaWaiting();
    const bruno = await takeTurn(api.t, api.tokens.bruno, main);
    const brunoCookie = `colaTurno=${bruno.json.oData.cTurno}`;
    const [anaEntry, brunoEntry] = await api.db
      .select()
      .from(queueEntries)
      .orderBy(queueEntries.id);
    await waitPolling(api.t, 60, [anaEntry.id, brunoEntry.id]); // shuffled, nobody let in yet
    waitingRoomOf(api.t.deps).forget(main);
    const answers = [];
    for (const visitor of [cookie, brunoCookie]) {
      const response = await get(`/cola/estado?qid=${main}`, {
        cookie: visitor,
        "accept-language": "en",
      });
      expect(response.headers.get("set-cookie")).toMatch(/^colaTurno=/);
      answers.push(await response.json());
    }
    expect(answers.map((a) => a.estado)).toEqual(["waiting", "waiting"]);
    expect(answers.map((a) => a.delante).sort()).toEqual([0, 1]);
    const first = answers.find((a) => a.delante === 0);
    expect(first.lineas["cola-posicion"]).toBe("1");
    expect(first.anuncio).toBe("There are 0 people ahead of you.");
  });

  it("reads the pre-queue's draw once for all its visitors, not once each", async () => {
    const { cookie } = await anaWaiting();
    const bruno = await takeTurn(api.t, api.tokens.bruno, main);
    const entries = await api.db.select().from(queueEntries).orderBy(queueEntries.id);
    await waitPolling(
      api.t,
      60,
      entries.map((entry) => entry.id),
    );
    const { counted, reads } = countingPages();
    const poll = (visitor: string) =>
      counted.request(`http://shop.test/cola/estado?qid=${main}`, { headers: { cookie: visitor } });
    expect((await (await poll(cookie)).json()).estado).toBe("waiting");
    const afterFirst = reads.count;
    const second = await (await poll(`colaTurno=${bruno.json.oData.cTurno}`)).json();
    expect(second.estado).toBe("waiting");
    expect(reads.count).toBe(afterFirst);
  });

  it("hands the turn's link with a token that lets the visitor through once", async () => {
    const { cookie } = await anaWaiting();
    const [entry] = await api.db.select().from(queueEntries);
    await waitPolling(api.t, 62, [entry.id]);
    expect((await entryById(api.db, entry.id))?.state).toBe("admitted");
    waitingRoomOf(api.t.deps).forget(main);
    const answer = await (await get(`/cola/estado?qid=${main}`, { cookie })).json();
    expect(answer.estado).toBe("turn");
    const url = new URL(answer.url, "http://shop.test");
    expect(url.pathname).toBe(`/funcion/obra-de-prueba/${main}`);
    const token = url.searchParams.get("colaToken") ?? "";
    const page = await (await get(`/cola?qid=${main}`, { cookie, "accept-language": "en" })).text();
    expect(page).toContain("It&#39;s your turn!");
    expect(page).toContain("colaToken=");
    const through = await takeTurn(api.t, api.tokens.ana, main, token);
    expect(through.json.oData.redirect_url).toBe(`/funcion/obra-de-prueba/${main}`);
  });
});

describe("leaving from the page", () => {
  it("leaves the ticket's entry, and the page says the visitor is out", async () => {
    const { cookie } = await anaWaiting();
    const left = await pages.request(`http://shop.test/cola/salir?qid=${main}`, {
      method: "POST",
      headers: { cookie },
    });
    expect(left.status).toBe(303);
    const [entry] = await api.db.select().from(queueEntries);
    expect(entry.state).toBe("left");
    const page = await (await get(`/cola?qid=${main}`, { cookie, "accept-language": "en" })).text();
    expect(page).toContain("You are no longer in the queue");
    // Without a ticket nothing is left.
    expect(
      (await pages.request(`http://shop.test/cola/salir?qid=${main}`, { method: "POST" })).status,
    ).toBe(303);
  });
});

describe("the fairness page and the script", () => {
  it("publishes the commitment, and the seed and both lists once shuffled", async () => {
    const settings = await queueOn(api.t, api.tokens.operator, main, {
      dInicioVenta: minutesFromNow(api.t, 1),
    });
    const before = await (
      await get(`/cola/equidad?qid=${main}`, { "accept-language": "en" })
    ).text();
    expect(before).toContain(settings.cCompromiso);
    expect(before).toContain("The seed is published when the sale starts");
    const ticket = await join(api.t, api.tokens.ana, main);
    await waitPolling(api.t, 60, [ticket.entryId]);
    const after = await (
      await get(`/cola/equidad?qid=${main}`, { "accept-language": "en" })
    ).text();
    const [entry] = await api.db.select().from(queueEntries);
    expect(after).toMatch(/<dd><code>[0-9a-f]{64}<\/code><\/dd>/);
    expect(after.split(`<code>${entry.turnCode}</code>`)).toHaveLength(3);
    expect((await get("/cola/equidad?qid=999999")).status).toBe(404);
  });

  it("weighs under 20 kB compressed, page and script together", async () => {
    const { cookie } = await anaWaiting();
    const page = await (await get(`/cola?qid=${main}`, { cookie })).text();
    const script = await get("/cola/espera.js");
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    const bytes = gzipSync(page).length + gzipSync(await script.text()).length;
    expect(bytes).toBeLessThan(20 * 1024);
  });
});
