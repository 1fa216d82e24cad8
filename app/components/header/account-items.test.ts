import { describe, expect, it } from "vitest";
import { accountItems } from "./account-items";

const keys = (items: ReturnType<typeof accountItems>) => items.map((item) => item.key);

describe("account menu items", () => {
  it("offers all seven account pages in order with the own login", () => {
    const items = accountItems({ loginSystem: "own", hasAlias: false });
    expect(items).toEqual([
      { key: "orders", href: "/myOrders" },
      { key: "bookings", href: "/myBookings" },
      { key: "myData", href: "/myData" },
      { key: "alias", href: "/myAlias" },
      { key: "phone", href: "/myPhone" },
      { key: "address", href: "/myAddress" },
      { key: "changePassword", href: "/changePassword" },
    ]);
  });

  it("keeps only Bookings and Alias in BOX mode", () => {
    expect(keys(accountItems({ loginSystem: "own", hasAlias: false, processType: "BOX" }))).toEqual(
      ["bookings", "alias"],
    );
  });

  it("hides password and local data with the external login; Alias only when the user has one", () => {
    expect(keys(accountItems({ loginSystem: "external", hasAlias: false }))).toEqual([
      "orders",
      "bookings",
      "phone",
      "address",
    ]);
    expect(keys(accountItems({ loginSystem: "external", hasAlias: true }))).toContain("alias");
  });
});
