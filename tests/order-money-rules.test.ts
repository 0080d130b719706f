import { describe, expect, it } from "vitest";
import { cashStayMoney } from "./helpers/order-money";
import { orderMoney, type MoneyLine, type MoneyOrder } from "@/platform/services/order-money";

/** An order's money from its lines (halalas in, SAR out): the one place every screen reads it from. */
describe("order money", () => {
  const stay: MoneyLine = {
    gross: 207_000,
    deposit: 62_100,
    cancelled: false,
    refunded: 0,
    kind: "stay",
    startsAt: new Date("2026-12-09T21:00:00Z"),
  };
  const massage: MoneyLine = { ...stay, gross: 57_500, deposit: 0, kind: "appointment" };
  const salts: MoneyLine = { ...massage, gross: 5_175, kind: "merchandise", startsAt: null };
  const order = (over: Partial<MoneyOrder>): MoneyOrder => ({
    placed: true,
    paymentMethod: "CASH",
    paymentStatus: "pay_on_site",
    total: 207_000,
    lines: [stay],
    paidOnline: null,
    amountToBePaid: 62_100,
    ...over,
  });

  it("a cash stay with a deposit: the deposit and the rest named, all of it due on arrival, on the stay's first day", () => {
    expect(orderMoney(order({}))).toEqual(cashStayMoney("2026-12-10"));
  });

  it("a deposit paid online: the rest due on arrival", () => {
    expect(
      orderMoney(order({ paymentMethod: "MADA", paymentStatus: "deposit_paid", paidOnline: 62_100 })),
    ).toMatchObject({ status: "depositPaid", paid: 621, remaining: 1449, due: "arrival" });
  });

  it("a cancelled line is never due; every line cancelled, nothing is", () => {
    const cancelled = { ...stay, cancelled: true };
    expect(orderMoney(order({ lines: [cancelled] }))).toMatchObject({
      status: "cancelled",
      total: 0,
      cancelled: 2070,
      remaining: 0,
      due: null,
    });
    expect(
      orderMoney(order({ total: 62_675, lines: [{ ...massage, cancelled: true }, salts], amountToBePaid: 62_675 })),
    ).toMatchObject({ status: "payOnSite", total: 51.75, remaining: 51.75, due: "delivery", dueOn: null });
    // Collected at a branch, merchandise is paid at the store, not on delivery.
    expect(orderMoney(order({ total: 5_175, lines: [salts], amountToBePaid: 5_175, pickup: true }))).toMatchObject({
      remaining: 51.75,
      due: "visit",
    });
  });

  it("paid online, one line cancelled and refunded: partly refunded, nothing remaining", () => {
    const lines = [{ ...massage, cancelled: true, refunded: 57_500 }, salts];
    expect(
      orderMoney(order({ paymentMethod: "VISA", paymentStatus: "paid", paidOnline: 62_675, total: 62_675, lines })),
    ).toMatchObject({ status: "partlyRefunded", total: 51.75, paid: 626.75, refunded: 575, remaining: 0, due: null });
    expect(
      orderMoney(
        order({
          paymentMethod: "VISA",
          paymentStatus: "refunded",
          paidOnline: 62_675,
          total: 62_675,
          lines: [lines[0], { ...salts, cancelled: true, refunded: 5_175 }],
        }),
      ),
    ).toMatchObject({ status: "refunded", total: 0, refunded: 626.75, remaining: 0 });
  });

  it("pending review, nothing due for a package, unpaid before the order", () => {
    expect(orderMoney(order({ paymentMethod: "BANK_TRANSFER", paymentStatus: "pending_review" }))).toMatchObject({
      status: "pendingReview",
      due: null,
    });
    expect(orderMoney(order({ total: 0, lines: [{ ...massage, gross: 0 }], amountToBePaid: 0 }))).toMatchObject({
      status: "nothingDue",
      remaining: 0,
    });
    expect(orderMoney(order({ placed: false, paymentMethod: null, paymentStatus: "unpaid" }))).toMatchObject({
      status: "unpaid",
      remaining: 2070,
      due: "arrival",
    });
  });
});
