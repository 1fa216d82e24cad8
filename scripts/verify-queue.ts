// Checks a waiting room's fairness from what the shop publishes, written apart from the shop's
// own code (commerce/queue/shuffle.ts) so that it tests the published description, not itself:
//
//   npx tsx scripts/verify-queue.ts https://shop.example 42
//
// It fetches GET /v2/Cola/42/Equidad, checks that the seed is the one committed to (its
// SHA-256 is cCompromiso), recomputes the pre-queue's order from the arrival list and the
// seed, and compares it with the published order. Exit status 0: fair; 1: a mismatch; 2: the
// report could not be read or the seed is not published yet.
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";

export type PublishedFairness = {
  cCompromiso: string;
  cSemilla: string | null;
  listaPrecola: string[];
  listaOrden: string[];
};

export type Verdict =
  | { ok: true; people: number }
  | { ok: false; why: "not-revealed" | "commitment" | "order"; firstDifference?: number };

/** The order the description gives: Fisher-Yates over SHA-256(seed ‖ counter) numbers. */
export function recomputeOrder(arrivals: readonly string[], seedHex: string): string[] {
  const seed = Buffer.from(seedHex, "hex");
  const numbers: number[] = [];
  let counter = 0;
  const next = () => {
    if (numbers.length === 0) {
      const counterBytes = Buffer.alloc(4);
      counterBytes.writeUInt32BE(counter++);
      const block = createHash("sha256").update(seed).update(counterBytes).digest();
      for (let offset = 0; offset < 32; offset += 4) numbers.push(block.readUInt32BE(offset));
    }
    return numbers.shift() as number;
  };
  const order = [...arrivals];
  for (let i = order.length - 1; i > 0; i--) {
    const bound = i + 1;
    const limit = 2 ** 32 - (2 ** 32 % bound);
    let value = next();
    while (value >= limit) value = next();
    const j = value % bound;
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

export function verifyFairness(report: PublishedFairness): Verdict {
  if (!report.cSemilla) return { ok: false, why: "not-revealed" };
  const commitment = createHash("sha256").update(Buffer.from(report.cSemilla, "hex")).digest("hex");
  if (!/^[0-9a-f]{64}$/.test(report.cSemilla) || commitment !== report.cCompromiso) {
    return { ok: false, why: "commitment" };
  }
  const expected = recomputeOrder(report.listaPrecola, report.cSemilla);
  const length = Math.max(expected.length, report.listaOrden.length);
  for (let index = 0; index < length; index++) {
    if (expected[index] !== report.listaOrden[index]) {
      return { ok: false, why: "order", firstDifference: index + 1 };
    }
  }
  return { ok: true, people: expected.length };
}

async function main(base: string | undefined, qid: string | undefined) {
  if (!base || !qid || !/^[0-9]+$/.test(qid)) {
    process.stderr.write("usage: npx tsx scripts/verify-queue.ts <shop URL> <performance id>\n");
    return 2;
  }
  const url = new URL(`/v2/Cola/${qid}/Equidad`, base);
  const response = await fetch(url, { headers: { Accept: "application/json" } }).catch(
    (error: Error) => error,
  );
  if (response instanceof Error) {
    process.stderr.write(`${url}: ${response.cause ?? response.message}\n`);
    return 2;
  }
  const body = (await response.json().catch(() => null)) as { oData?: PublishedFairness } | null;
  if (!response.ok || !body?.oData) {
    process.stderr.write(`${url}: no fairness report (HTTP ${response.status})\n`);
    return 2;
  }
  const verdict = verifyFairness(body.oData);
  if (verdict.ok) {
    process.stdout.write(
      `Fair: the seed matches its commitment and the order of ${verdict.people} people is the one it gives.\n`,
    );
    return 0;
  }
  const messages = {
    "not-revealed": "The seed is not published yet (the sale has not started).",
    commitment: "The published seed is NOT the one committed to.",
    order: `The published order differs from the recomputed one at place ${verdict.firstDifference}.`,
  };
  process.stdout.write(`${messages[verdict.why]}\n`);
  return verdict.why === "not-revealed" ? 2 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv[2], process.argv[3]);
}
