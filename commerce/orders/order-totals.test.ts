import { describe, expect, it } from "vitest";
import { orderTotals } from "./order-totals.ts";

// Two places of $ 2.250, one at 2×1, home delivery: 4.500 − 2.250 + 225 + 2.500 = 4.975.
const order = {
  ticketsTotal: 4_500,
  discountTotal: 2_250,
  deliveryFee: 2_500,
  serviceCharge: 225,
  total: 4_975,
  status: "PAID",
};

describe("orderTotals", () => {
  it("lists every total of §3, the lines adding up to the total", () => {
    const totals = orderTotals(order, [{ state: "APROBADO", amount: 4_975 }]);
    expect(totals).toEqual({
      tickets: 4_500,
      discount: 2_250,
      delivery: 2_500,
      antiFraudQr: 0,
      serviceCharge: 225,
      total: 4_975,
      paid: 4_975,
      pending: 0,
    });
    const { tickets, discount, delivery, antiFraudQr, serviceCharge, total } = totals;
    expect(tickets - discount + delivery + antiFraudQr + serviceCharge).toBe(total);
  });

  it("counts only approved payments as paid; the rest is pending", () => {
    const tries = [
      { state: "RECHAZADO", amount: 4_975 },
      { state: "CANCELADO", amount: 4_975 },
      { state: "VERIFICANDO", amount: 4_975 },
    ];
    expect(orderTotals(order, tries)).toMatchObject({ paid: 0, pending: 4_975 });
    expect(orderTotals(order, [...tries, { state: "APROBADO", amount: 4_975 }])).toMatchObject({
      paid: 4_975,
      pending: 0,
    });
  });

  it("a payment given back is not paid, and a cancelled order owes nothing", () => {
    const refunded = [{ state: "DEVUELTO", amount: 4_975 }];
    for (const status of ["CANCELLED", "REFUNDED"]) {
      expect(orderTotals({ ...order, status }, refunded)).toMatchObject({ paid: 0, pending: 0 });
    }
    // Being cancelled, the money not back yet: still paid, nothing owed.
    const approved = [{ state: "APROBADO", amount: 4_975 }];
    expect(orderTotals({ ...order, status: "CANCELLING" }, approved)).toMatchObject({
      paid: 4_975,
      pending: 0,
    });
  });
});
