import { describe, expect, it } from "vitest";
import { checkoutAmounts, submittedDelivery, unpaidPurchaseTotals } from "./checkout-amounts";

// Two places of $ 2.250 with their 10% service charge, no delivery recorded yet.
const process = {
  fSubtotal: 4_500,
  fDescuento: 0,
  fCargoServicio: 450,
  fCargoEntrega: 0,
  fTotal: 4_950,
  oCantidadTotal: { nCantidadTotal: 2 },
};

describe("checkoutAmounts", () => {
  it("counts the delivery chosen on the form, not only the one recorded", () => {
    expect(checkoutAmounts(process, { fPrecio: 2_500 })).toEqual({
      subtotal: 4_500,
      discount: 0,
      serviceCharge: 450,
      deliveryFee: 2_500,
      total: 7_450,
    });
  });

  it("takes the recorded delivery out when the form chose another", () => {
    const recorded = { ...process, fCargoEntrega: 2_500, fTotal: 7_450 };
    expect(checkoutAmounts(recorded, { fPrecio: 0 })).toMatchObject({
      deliveryFee: 0,
      total: 4_950,
    });
    expect(checkoutAmounts(recorded, undefined)).toMatchObject({
      deliveryFee: 2_500,
      total: 7_450,
    });
  });

  it("lines always add up to the total", () => {
    const discounted = { ...process, fDescuento: 2_250, fCargoServicio: 225, fTotal: 2_475 };
    for (const delivery of [undefined, { fPrecio: 0 }, { fPrecio: 2_500 }]) {
      const a = checkoutAmounts(discounted, delivery);
      expect(a.subtotal - a.discount + a.serviceCharge + a.deliveryFee).toBe(a.total);
    }
  });

  it("charges no delivery for an empty purchase", () => {
    const empty = { ...process, fSubtotal: 0, fCargoServicio: 0, fTotal: 0 };
    expect(
      checkoutAmounts({ ...empty, oCantidadTotal: { nCantidadTotal: 0 } }, { fPrecio: 2_500 })
        .total,
    ).toBe(0);
  });
});

describe("unpaidPurchaseTotals", () => {
  const delivered = { ...process, fCargoEntrega: 2_500, fTotal: 7_450, fCargoQr: 0 };
  it("owes the whole total of an open purchase, line by line as an order's", () => {
    expect(unpaidPurchaseTotals({ ...delivered, cEstado: "ACTIVE" })).toEqual({
      fTotalTickets: 4_500,
      fDescuento: 0,
      fCargoEntrega: 2_500,
      fCargoQr: 0,
      fCargoServicio: 450,
      fTotal: 7_450,
      fTotalPagado: 0,
      fPendiente: 7_450,
    });
  });
  it("owes nothing once the purchase ended unpaid", () => {
    for (const cEstado of ["EXPIRED", "CANCELLED"] as const) {
      expect(unpaidPurchaseTotals({ ...delivered, cEstado })).toMatchObject({
        fTotalPagado: 0,
        fPendiente: 0,
      });
    }
  });
});

describe("submittedDelivery", () => {
  it("reads the delivery a refused submit was sent with", () => {
    expect(submittedDelivery({ status: "error", initialValue: { idEntregaTipo: "3" } })).toBe("3");
  });
  it("is nothing for any other answer", () => {
    for (const other of [
      undefined,
      null,
      { claimed: true },
      { initialValue: null },
      { initialValue: { idEntregaTipo: "" } },
    ]) {
      expect(submittedDelivery(other)).toBeUndefined();
    }
  });
});
