import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shows } from "../db/schema.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import {
  cachedShowCards,
  cardsOfShows,
  invalidateShowCards,
  SHOW_CARDS_TTL_MS,
} from "./card-cache.ts";

const ctx = setUpApiTests();

describe("the cards a purchase names (cardsOfShows)", () => {
  const retitle = (title: string) =>
    ctx.db.update(shows).set({ title }).where(eq(shows.id, ctx.fx.show.id));

  it("are read once per show and language, kept across changes of availability, then read again", async () => {
    const owner = { db: ctx.db };
    const now = ctx.t.clock.now();
    const language = "es" as const;
    const first = await cardsOfShows(owner, [ctx.fx.show.id], { now, language });
    const original = first.get(ctx.fx.show.id)?.cEspectaculoCartelNombre;
    expect(original).toBeTruthy();

    await retitle("Título nuevo");
    // A hold, release or sale drops the billboard's cards, not these.
    invalidateShowCards(owner);
    const later = new Date(now.getTime() + SHOW_CARDS_TTL_MS - 1);
    const kept = await cardsOfShows(owner, [ctx.fx.show.id], { now: later, language });
    expect(kept.get(ctx.fx.show.id)?.cEspectaculoCartelNombre).toBe(original);
    // Another language is its own entry, read now.
    const english = await cardsOfShows(owner, [ctx.fx.show.id], { now: later, language: "en" });
    expect(english.get(ctx.fx.show.id)?.cEspectaculoCartelNombre).toBe("Título nuevo");

    const expired = new Date(now.getTime() + SHOW_CARDS_TTL_MS);
    const fresh = await cardsOfShows(owner, [ctx.fx.show.id], { now: expired, language });
    expect(fresh.get(ctx.fx.show.id)?.cEspectaculoCartelNombre).toBe("Título nuevo");
  });

  it("answers cached and new shows together, and nothing for an unknown id", async () => {
    const owner = { db: ctx.db };
    const now = ctx.t.clock.now();
    const language = "pt" as const;
    await cardsOfShows(owner, [ctx.fx.show.id], { now, language });
    const both = await cardsOfShows(owner, [ctx.fx.show.id, ctx.fx.quietShow.id, 999_999], {
      now,
      language,
    });
    expect([...both.keys()].sort((a, b) => a - b)).toEqual(
      [ctx.fx.show.id, ctx.fx.quietShow.id].sort((a, b) => a - b),
    );
  });

  it("leave the billboard's rule alone: its cards are dropped by a change of availability", async () => {
    const owner = { db: ctx.db };
    const now = ctx.t.clock.now();
    const before = await cachedShowCards(owner, { now, language: "es" });
    const title = (cards: typeof before) =>
      cards.find((card) => card.idEspectaculoCartel === ctx.fx.show.id)?.cEspectaculoCartelNombre;
    await retitle("Otro título");
    expect(title(await cachedShowCards(owner, { now, language: "es" }))).toBe(title(before));
    invalidateShowCards(owner);
    expect(title(await cachedShowCards(owner, { now, language: "es" }))).toBe("Otro título");
  });
});
