import { describe, expect, it } from "vitest";
import { accountItems, withBackUrl } from "./account-items";

const keys = (items: ReturnType<typeof accountItems>) => items.map((item) => item.key);

describe("account menu items", () => {
  it("offers all eight account pages in order with the own login", () => {
    const items = accountItems({ loginSystem: "own", hasAlias: false });
    expect(items).toEqual([
      { key: "orders", href: "/myOrders" },
      { key: "bookings", href: "/myBookings" },
      { key: "myData", href: "/myData" },
      { key: "alias", href: "/myAlias" },
      // Entered by a document load: its page frames Bancard's form (decision 0078).
      { key: "cards", href: "/myCards", document: true },
      { key: "phone", href: "/myPhone" },
      { key: "address", href: "/myAddress" },
      { key: "changePassword", href: "/changePassword" },
    ]);
  });

  it("keeps only Bookings and Alias in BOX mode, Bookings being the counter's", () => {
    const items = accountItems({ loginSystem: "own", hasAlias: false, processType: "BOX" });
    expect(keys(items)).toEqual(["bookings", "alias"]);
    expect(items[0].href).toBe("/myBookingsBox");
  });

  it("hides password and local data with the external login; Alias only when the user has one", () => {
    expect(keys(accountItems({ loginSystem: "external", hasAlias: false }))).toEqual([
      "orders",
      "bookings",
      "cards",
      "phone",
      "address",
    ]);
    expect(keys(accountItems({ loginSystem: "external", hasAlias: true }))).toContain("alias");
  });
});

describe("the door check in the account menu", () => {
  it("is offered to door staff only, last, in any mode", () => {
    expect(keys(accountItems({ loginSystem: "own", hasAlias: false }))).not.toContain("door");
    const staff = accountItems({ loginSystem: "own", hasAlias: false, doorStaff: true });
    expect(staff.at(-1)).toEqual({ key: "door", href: "/door" });
    const box = {
      loginSystem: "own",
      hasAlias: false,
      doorStaff: true,
      processType: "BOX",
    } as const;
    expect(keys(accountItems(box))).toEqual(["bookings", "alias", "door"]);
  });
});

describe("account menu with the city's external login", () => {
  it("turns My data into the provider's account page, with the way back", () => {
    const externalAccountUrl = withBackUrl(
      "https://cuenta.ciudad.test/perfil?lang=es",
      "https://entradas.test/myOrders?page=2",
    );
    const items = accountItems({ loginSystem: "external", hasAlias: false, externalAccountUrl });
    expect(items.find((item) => item.key === "myData")).toEqual({
      key: "myData",
      href: "https://cuenta.ciudad.test/perfil?lang=es&back=https%3A%2F%2Fentradas.test%2FmyOrders%3Fpage%3D2",
      external: true,
    });
    expect(items.map((item) => item.key)).not.toContain("changePassword");
    expect(items.filter((item) => item.external)).toHaveLength(1);
  });

  it("still hides My data in BOX mode", () => {
    const items = accountItems({
      loginSystem: "external",
      hasAlias: true,
      processType: "BOX",
      externalAccountUrl: "https://cuenta.ciudad.test/perfil",
    });
    expect(items.map((item) => item.key)).toEqual(["bookings", "alias"]);
  });
});
