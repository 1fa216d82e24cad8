import { describe, expect, it } from "vitest";
import { signTicketCode, ticketSigningKeyFromSeed } from "../tickets/code.ts";
import { signLegacyTicketCode } from "../tickets/legacy-code.ts";
import { refusalAtDoor, ticketOfCode } from "./verdict.ts";

const key = ticketSigningKeyFromSeed("verdict-test-key");
const keys = { publicKey: key.publicKey, legacySecret: "verdict-legacy-secret" };

describe("the ticket a code names", () => {
  it("is the signed ticket and performance of an Ed25519 code", () => {
    const code = signTicketCode(key, { ticketId: 12, performanceId: 3 });
    expect(ticketOfCode(keys, code)).toEqual({ ticketId: 12, performanceId: 3 });
  });

  it("is the ticket alone of an old HMAC code made with the shop's secret", () => {
    const code = signLegacyTicketCode("verdict-legacy-secret", 12);
    expect(ticketOfCode(keys, code)).toEqual({ ticketId: 12, performanceId: null });
    expect(ticketOfCode(keys, signLegacyTicketCode("another secret", 12))).toBeNull();
  });

  it("is none for another key's code or anything malformed", () => {
    const foreign = ticketSigningKeyFromSeed("someone else");
    expect(ticketOfCode(keys, signTicketCode(foreign, { ticketId: 12, performanceId: 3 }))).toBe(
      null,
    );
    for (const code of ["", "T12", "T12.3.", "hello"]) expect(ticketOfCode(keys, code)).toBeNull();
  });
});

describe("a genuine ticket at the door", () => {
  const paid = { performanceId: 3, orderStatus: "PAID" };

  it("may go in when paid, for the door's performance or any when none is chosen", () => {
    expect(refusalAtDoor(paid, 3, 3)).toBeNull();
    expect(refusalAtDoor(paid, 3, undefined)).toBeNull();
    expect(refusalAtDoor(paid, null, 3)).toBeNull();
  });

  it("is refused at another performance's door", () => {
    expect(refusalAtDoor(paid, 3, 4)).toBe("WRONG_PERFORMANCE");
    expect(refusalAtDoor(paid, null, 4)).toBe("WRONG_PERFORMANCE");
  });

  it("is refused as cancelled when its order is anything but PAID", () => {
    for (const orderStatus of ["REFUNDED", "CANCELLED", "ANYTHING"]) {
      expect(refusalAtDoor({ performanceId: 3, orderStatus }, 3, undefined)).toBe("CANCELLED");
    }
  });

  it("is invalid when its signature vouches for another performance than its own", () => {
    expect(refusalAtDoor(paid, 5, undefined)).toBe("INVALID");
  });
});
