// The pre-queue's random order (issue 12): everyone who arrived before the sale start gets a
// place drawn by a Fisher–Yates shuffle whose randomness comes only from the published seed,
// so anyone holding the seed and the arrival list can recompute the order (scripts/
// verify-queue.ts). Pure: no clock, no database, no Math.random.
//
// The random stream: block k (k = 0, 1, 2…) is SHA-256(seed bytes ‖ k as 4 bytes big-endian);
// the blocks are read as consecutive unsigned 32-bit big-endian numbers. To draw an index in
// 0…i, numbers ≥ the largest multiple of (i + 1) that fits in 2^32 are skipped (rejection
// sampling, so no index is likelier than another), and the draw is the number mod (i + 1).
// The shuffle walks i from the last index down to 1, swapping items i and the drawn j.
import { createHash } from "node:crypto";

const TWO_TO_32 = 2 ** 32;

/** The seed's 32 bytes from its hex text; anything else is refused. */
export function seedBytes(seedHex: string): Buffer {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new RangeError("The seed must be 64 hex digits");
  return Buffer.from(seedHex, "hex");
}

/** Unsigned 32-bit numbers drawn from SHA-256(seed ‖ counter), one block after another. */
export function randomStream(seedHex: string): () => number {
  const seed = seedBytes(seedHex);
  let block = Buffer.alloc(0);
  let offset = 0;
  let counter = 0;
  return () => {
    if (offset >= block.length) {
      const counterBytes = Buffer.alloc(4);
      counterBytes.writeUInt32BE(counter);
      counter += 1;
      block = createHash("sha256").update(seed).update(counterBytes).digest();
      offset = 0;
    }
    const value = block.readUInt32BE(offset);
    offset += 4;
    return value;
  };
}

/** A uniform index in 0 … bound-1, without the bias a plain modulo would have. */
export function drawBelow(next: () => number, bound: number): number {
  if (!Number.isSafeInteger(bound) || bound < 1 || bound > TWO_TO_32) {
    throw new RangeError(`Cannot draw below ${bound}`);
  }
  const limit = TWO_TO_32 - (TWO_TO_32 % bound);
  for (;;) {
    const value = next();
    if (value < limit) return value % bound;
  }
}

/** The items in the order the seed gives them (a new array; the input is left alone). */
export function shuffleWithSeed<T>(items: readonly T[], seedHex: string): T[] {
  const order = [...items];
  const next = randomStream(seedHex);
  for (let i = order.length - 1; i >= 1; i--) {
    const j = drawBelow(next, i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}
