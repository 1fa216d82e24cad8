// scripts/verify-queue.ts, written apart from the shop's shuffle, agrees with it, and catches
// a seed that is not the committed one and an order that was tampered with.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { recomputeOrder, verifyFairness } from "../../scripts/verify-queue.ts";
import { commitmentOf } from "./commitment.ts";
import { shuffleWithSeed } from "./shuffle.ts";

const seedOf = (n: number) => createHash("sha256").update(`verify-${n}`).digest("hex");
const arrivals = Array.from({ length: 40 }, (_, i) => `C${String(i).padStart(3, "0")}`);

describe("the fairness check script", () => {
  it("recomputes the shop's order from the published description", () => {
    for (let n = 0; n < 50; n++) {
      expect(recomputeOrder(arrivals, seedOf(n))).toEqual(shuffleWithSeed(arrivals, seedOf(n)));
    }
  });

  it("says fair for an honest report, and where it differs for a tampered one", () => {
    const seed = seedOf(1);
    const honest = {
      cCompromiso: commitmentOf(seed),
      cSemilla: seed,
      listaPrecola: arrivals,
      listaOrden: shuffleWithSeed(arrivals, seed),
    };
    expect(verifyFairness(honest)).toEqual({ ok: true, people: 40 });
    const swapped = [...honest.listaOrden];
    [swapped[2], swapped[3]] = [swapped[3], swapped[2]];
    expect(verifyFairness({ ...honest, listaOrden: swapped })).toEqual({
      ok: false,
      why: "order",
      firstDifference: 3,
    });
    expect(verifyFairness({ ...honest, cSemilla: seedOf(2) }).ok).toBe(false);
    expect(verifyFairness({ ...honest, cSemilla: null })).toEqual({
      ok: false,
      why: "not-revealed",
    });
  });
});
