import { describe, expect, it } from "vitest";
import { readWaitingTicket, signWaitingTicket, waitingTicketKey } from "./waiting-ticket.ts";

const key = waitingTicketKey("test-secret");
const now = new Date("2031-03-10T15:00:00Z");
const ticket = {
  entryId: 12,
  performanceId: 3,
  position: 40,
  turnCode: "K7Q2MD",
  expiresAt: new Date("2031-03-11T15:00:00Z"),
};

describe("the waiting ticket", () => {
  it("reads back what was signed, with or without a position", () => {
    expect(readWaitingTicket(key, signWaitingTicket(key, ticket), now)).toEqual(ticket);
    const early = { ...ticket, position: null };
    expect(readWaitingTicket(key, signWaitingTicket(key, early), now)).toEqual(early);
  });

  it("is refused when signed with another secret or altered", () => {
    const other = signWaitingTicket(waitingTicketKey("another-secret"), ticket);
    expect(readWaitingTicket(key, other, now)).toBeNull();
    const [, mac] = signWaitingTicket(key, ticket).split(".");
    const moved = Buffer.from(JSON.stringify({ e: 12, p: 3, n: 1, c: "K7Q2MD", x: 1_999_999_999 }));
    expect(readWaitingTicket(key, `${moved.toString("base64url")}.${mac}`, now)).toBeNull();
  });

  it("is refused once expired", () => {
    const text = signWaitingTicket(key, ticket);
    expect(readWaitingTicket(key, text, new Date("2031-03-11T15:00:00Z"))).toBeNull();
  });

  it("refuses anything malformed without throwing", () => {
    for (const text of ["", "x", "a.b", `${"a".repeat(500)}.${"b".repeat(43)}`, "é.é"]) {
      expect(readWaitingTicket(key, text, now)).toBeNull();
    }
  });

  it("is not the secret itself", () => {
    expect(key.toString("utf8")).not.toContain("test-secret");
  });
});
