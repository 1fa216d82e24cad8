// The queue gate's decisions (spec §4), each branch on its own, and the per-node list cache.
import { describe, expect, it } from "vitest";
import { configSchema, queuePageBaseOf } from "./config.server";
import {
  cachedFor,
  decideByList,
  decideByTurn,
  queuedIdsOf,
  queueTokenRefusedNotice,
  queueUnavailableNotice,
  type TurnAnswer,
  waitingPageUrl,
  withoutAdmissionToken,
} from "./queue-gate.server";

const page = (query = "") => new URL(`http://shop.test/funcion/obra/7${query}`);
const billboard = { kind: "billboard", notice: queueUnavailableNotice };

describe("the queue list", () => {
  it("is an array of ids, as numbers or digit strings; anything else in it is no id", () => {
    expect(queuedIdsOf([7, "12", 0, -3, 1.5, "x", "007", null, {}])).toEqual(new Set([7, 12]));
    expect(queuedIdsOf([])).toEqual(new Set());
  });

  it("is an object keyed by ids", () => {
    expect(queuedIdsOf({ "7": true, "12": { cola: "a" }, nombre: 1 })).toEqual(new Set([7, 12]));
  });

  it("may be the API's envelope (QUEUE_LIST_URL naming an API node's GET Colas)", () => {
    expect(queuedIdsOf({ nCode: 200, cMensaje: "OK", oData: [7] })).toEqual(new Set([7]));
    expect(queuedIdsOf({ nCode: 500, cMensaje: "Error", oData: [7] })).toBeNull();
    expect(queuedIdsOf({ nCode: 200, cMensaje: "OK", oData: "7" })).toBeNull();
  });

  it("is not a list when it is a string, a number, a boolean or null", () => {
    for (const list of ["[7]", 7, true, null, undefined]) expect(queuedIdsOf(list)).toBeNull();
  });
});

describe("what the list decides", () => {
  it("sends to the billboard when the list is neither an object nor an array", () => {
    expect(decideByList("7", 7, page())).toEqual(billboard);
    expect(decideByList(null, 7, page())).toEqual(billboard);
  });

  it("lets the buyer through when the performance is not listed", () => {
    expect(decideByList([8, 9], 7, page())).toEqual({ kind: "through" });
    expect(decideByList({}, 7, page("?vista=lista"))).toEqual({ kind: "through" });
  });

  it("drops an admission token from the address of a performance no longer queued", () => {
    expect(decideByList([8], 7, page("?colaToken=abc&vista=lista"))).toEqual({
      kind: "strip",
      location: "/funcion/obra/7?vista=lista",
    });
  });

  it("asks the queue when the performance is listed (array or object)", () => {
    expect(decideByList([8, 7], 7, page())).toBe("ask");
    expect(decideByList({ "7": 1 }, 7, page())).toBe("ask");
  });
});

describe("what the queue's answer decides", () => {
  const decide = (answer: TurnAnswer, query = "", base = "") =>
    decideByTurn(answer, 7, page(query), base);

  it("an empty redirect_url sends to the waiting page with qid and the waiting ticket", () => {
    expect(decide({ ok: true, data: { redirect_url: "", cTurno: "t.k+n/=" } })).toEqual({
      kind: "wait",
      location: "/cola?qid=7&turno=t.k%2Bn%2F%3D",
    });
  });

  it("the waiting page may be elsewhere (QUEUE_PAGE_URL)", () => {
    const answer = { ok: true as const, data: { redirect_url: "", cTurno: "abc" } };
    expect(decide(answer, "", "https://cola.example/espera")).toEqual({
      kind: "wait",
      location: "https://cola.example/espera/cola?qid=7&turno=abc",
    });
  });

  it("a non-empty redirect_url lets the buyer through", () => {
    const answer = { ok: true as const, data: { redirect_url: "/funcion/obra/7" } };
    expect(decide(answer)).toEqual({ kind: "through" });
    expect(decide(answer, "?sector=3")).toEqual({ kind: "through" });
  });

  it("a used admission token is stripped from the address bar, the rest of the query kept", () => {
    const answer = { ok: true as const, data: { redirect_url: "/funcion/obra/7" } };
    expect(decide(answer, "?colaToken=signed.token")).toEqual({
      kind: "strip",
      location: "/funcion/obra/7",
    });
    expect(decide(answer, "?sector=3&colaToken=signed.token&vista=lista")).toEqual({
      kind: "strip",
      location: "/funcion/obra/7?sector=3&vista=lista",
    });
  });

  it("a refused admission token sends to the billboard with its own message", () => {
    expect(decide({ ok: false, code: "QUEUE_TOKEN_INVALID" }, "?colaToken=forged")).toEqual({
      kind: "billboard",
      notice: queueTokenRefusedNotice,
    });
    // One the API would not even read (too long): refused as well.
    expect(decide({ ok: false, code: "VALIDATION" }, "?colaToken=xxxx")).toEqual({
      kind: "billboard",
      notice: queueTokenRefusedNotice,
    });
  });

  it("any other failure sends to the billboard: an error answer, no answer, a bad shape", () => {
    expect(decide({ ok: false, code: "INTERNAL" })).toEqual(billboard);
    expect(decide({ ok: false, code: "TRANSPORT" })).toEqual(billboard);
    expect(decide({ ok: false, code: "NOT_FOUND" })).toEqual(billboard);
    expect(decide({ ok: false, code: "VALIDATION" })).toEqual(billboard);
    expect(decide({ ok: true, data: null })).toEqual(billboard);
    expect(decide({ ok: true, data: "" })).toEqual(billboard);
    expect(decide({ ok: true, data: { redirect_url: 1 } })).toEqual(billboard);
    // Told to wait, but without the ticket the waiting page needs.
    expect(decide({ ok: true, data: { redirect_url: "" } })).toEqual(billboard);
    expect(decide({ ok: true, data: { redirect_url: "", cTurno: "" } })).toEqual(billboard);
  });
});

describe("addresses", () => {
  it("the page without the token", () => {
    expect(withoutAdmissionToken(new URL("http://s/funcionTienda?idFuncion=4&colaToken=x"))).toBe(
      "/funcionTienda?idFuncion=4",
    );
    expect(withoutAdmissionToken(new URL("http://s/funcion/a/4?colaToken=x&colaToken=y"))).toBe(
      "/funcion/a/4",
    );
  });

  it("the waiting page on the shop's own origin by default", () => {
    expect(waitingPageUrl("", 12, "abc")).toBe("/cola?qid=12&turno=abc");
  });
});

describe("the per-node cache of the list", () => {
  it("loads once per period, shares a load in flight, and keeps no failure", async () => {
    let now = 1_000;
    let loads = 0;
    const cache = cachedFor<number[]>(2000, () => now);
    const load = async () => [++loads];
    const [first, second] = await Promise.all([cache.get(load), cache.get(load)]);
    expect([first, second, loads]).toEqual([[1], [1], 1]);
    now += 1999;
    expect(await cache.get(load)).toEqual([1]);
    now += 1;
    expect(await cache.get(load)).toEqual([2]);

    now += 5000;
    await expect(cache.get(() => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get(load)).toEqual([3]);
    cache.forget();
    expect(await cache.get(load)).toEqual([4]);
  });
});

describe("its settings", () => {
  it("QUEUE_PAGE_URL is a base: origin and path, no query, no trailing slash", () => {
    expect(queuePageBaseOf("https://cola.example/")).toBe("https://cola.example");
    expect(queuePageBaseOf("https://cola.example/espera/?x=1#y")).toBe(
      "https://cola.example/espera",
    );
  });

  it("QUEUE_LIST_URL and QUEUE_PAGE_URL must be http(s) URLs", () => {
    const parsed = configSchema.parse({ QUEUE_LIST_URL: "https://cdn.example/colas.json" });
    expect(parsed.QUEUE_LIST_URL).toBe("https://cdn.example/colas.json");
    expect(() => configSchema.parse({ QUEUE_LIST_URL: "file:///etc/passwd" })).toThrow();
    expect(() => configSchema.parse({ QUEUE_PAGE_URL: "javascript:alert(1)" })).toThrow();
  });
});
