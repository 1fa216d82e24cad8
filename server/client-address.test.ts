import { describe, expect, it } from "vitest";
import { buyerAddress } from "./client-address.ts";

describe("the buyer's address", () => {
  it("is the connection's without trusted proxies, whatever X-Forwarded-For claims", () => {
    expect(buyerAddress("203.0.113.7", "10.0.0.1", 0)).toBe("203.0.113.7");
    expect(buyerAddress("::ffff:203.0.113.7", undefined, 0)).toBe("203.0.113.7");
    // No connection (an in-process request): the header alone is never believed.
    expect(buyerAddress(undefined, "10.0.0.1", 0)).toBeNull();
  });

  it("is what the outermost trusted proxy saw, never an entry the client wrote", () => {
    // The client wrote "6.6.6.6"; the one proxy appended the client's real address.
    expect(buyerAddress("10.0.0.2", "6.6.6.6, 198.51.100.4", 1)).toBe("198.51.100.4");
    // Two proxies: the outer one appended the client, the inner one the outer proxy.
    expect(buyerAddress("10.0.0.3", "6.6.6.6, 198.51.100.4, 10.0.0.2", 2)).toBe("198.51.100.4");
    // Fewer entries than proxies: the leftmost there is.
    expect(buyerAddress("10.0.0.2", "198.51.100.4", 3)).toBe("198.51.100.4");
    expect(buyerAddress("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
  });

  it("is unknown when the entry believed is not an address", () => {
    expect(buyerAddress("10.0.0.2", "198.51.100.4, not-an-ip", 1)).toBeNull();
    expect(buyerAddress(null, null, 0)).toBeNull();
  });
});
