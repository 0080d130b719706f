import { expect, it } from "vitest";
import type { OrderSummaryDto } from "@/contract/dto/account";
import type { CartDto } from "@/contract/dto/cart";
import { recordOfflinePayment } from "@/platform/services/record-payment";
import { describeEachDb } from "./helpers/test-db";
import { at, DEMO, dayAhead, demoProduct } from "./helpers/demo-catalog";
import { paymentsHarness, providerPayments } from "./helpers/payments";
import { cashStayMoney } from "./helpers/order-money";

/**
 * An order's money as the platform counts it (CartDto.money, the same on My orders): a deposit says
 * what remains and when; a cancelled line is never due; refunds are counted; every screen reads it.
 */
describeEachDb(
  "order money",
  (t) => {
    const p = paymentsHarness(t);
    const pay = providerPayments(p, t);
    const spa = () => t().spa;
    const stay = async (fromDay: number, nights: number) => {
      const r = await demoProduct(t().db, spa().id, DEMO.resthouse);
      return {
        productId: r.id,
        priceId: r.priceId,
        reservationDateFrom: dayAhead(t().now, fromDay),
        reservationDateTo: dayAhead(t().now, fromDay + nights),
      };
    };
    const listed = async (token: string, id: string) =>
      (await p.api.call<OrderSummaryDto[]>(spa(), "GET", "customer/orders", { token })).data!.find((o) => o.id === id)!;

    it("a cash stay with a deposit says the deposit, the remaining and when they are due; cancelled, nothing is due", async () => {
      const { shopper, cart } = await p.api.cartWith(spa(), [await stay(60, 2)]);
      expect(cart).toMatchObject({ totalAmount: 2070, amountToBePaid: 621 });
      // Before the order: nothing paid, the deposit and the rest named, due on arrival.
      expect(cart.money).toMatchObject({ status: "unpaid", deposit: 621, afterDeposit: 1449, due: "arrival" });

      const order = (await p.api.submit(spa(), shopper, cart.id)).data!;
      const expected = cashStayMoney(dayAhead(t().now, 60));
      expect(order.money).toEqual(expected);
      expect((await listed(shopper.token, order.id)).money).toEqual(expected);

      const cancelled = await p.api.call<CartDto>(
        spa(),
        "POST",
        `orders/${order.id}/items/${order.items[0].id}/cancel`,
        {
          token: shopper.token,
        },
      );
      expect(cancelled.data!.money).toEqual({
        status: "cancelled",
        total: 0,
        cancelled: 2070,
        deposit: 0,
        afterDeposit: 0,
        paid: 0,
        refunded: 0,
        remaining: 0,
        due: null,
        dueOn: null,
      });
      expect((await listed(shopper.token, order.id)).money).toMatchObject({ status: "cancelled", remaining: 0 });
    });

    it("a card-paid order with one booking cancelled: paid, refunded and nothing remaining, on the order and My orders", async () => {
      const massage = await demoProduct(t().db, spa().id, DEMO.massage);
      const salts = await demoProduct(t().db, spa().id, DEMO.salts);
      const { shopper, cart } = await p.api.cartWith(spa(), [
        { productId: massage.id, priceId: massage.priceId, quantity: 2, reservationDateFrom: at(t().now, 14, 10) },
        { productId: salts.id, priceId: salts.priceId, quantity: 1 },
      ]);
      await pay.paidAt("moyasar", { shopper, cartId: cart.id });
      expect((await p.callback(shopper, cart.id)).data?.outcome).toBe("paid");
      const order = (await p.api.call(spa(), "GET", `cart/${cart.id}`, { token: shopper.token })).data!;
      expect(order.money).toMatchObject({ status: "paid", paid: order.totalAmount, remaining: 0, due: null });

      const [booking, bath] = order.cartItems;
      const after = (
        await p.api.call<CartDto>(spa(), "POST", `orders/${cart.id}/items/${booking.id}/cancel`, {
          token: shopper.token,
        })
      ).data!;
      expect(after.cartItems[0].refundedAmount).toBe(booking.amountWithTax);
      const expected = {
        status: "partlyRefunded",
        total: bath.amountWithTax,
        cancelled: booking.amountWithTax,
        deposit: 0,
        afterDeposit: 0,
        paid: order.totalAmount,
        refunded: booking.amountWithTax,
        remaining: 0,
        due: null,
        dueOn: null,
      };
      expect(after.money).toEqual(expected);
      expect((await listed(shopper.token, cart.id)).money).toEqual(expected);
    }, 60_000);

    it("a cash order with one booking cancelled owes only the rest, and reads paid once the store records the cash", async () => {
      const massage = await demoProduct(t().db, spa().id, DEMO.massage);
      const { shopper, cart } = await p.api.cartWith(spa(), [
        { productId: massage.id, priceId: massage.priceId, quantity: 1, reservationDateFrom: at(t().now, 15, 10) },
        { productId: massage.id, priceId: massage.priceId, quantity: 1, reservationDateFrom: at(t().now, 16, 10) },
      ]);
      const order = (await p.api.submit(spa(), shopper, cart.id)).data!;
      const [first, second] = order.cartItems;
      const after = (
        await p.api.call<CartDto>(spa(), "POST", `orders/${order.id}/items/${first.id}/cancel`, {
          token: shopper.token,
        })
      ).data!;
      expect(after.money).toMatchObject({
        status: "payOnSite",
        total: second.amountWithTax,
        cancelled: first.amountWithTax,
        remaining: second.amountWithTax,
        due: "appointment",
        dueOn: dayAhead(t().now, 16),
      });
      await recordOfflinePayment(t().db, "spa", order.orderNumber!);
      expect((await listed(shopper.token, order.id)).money).toMatchObject({
        status: "paid",
        paid: second.amountWithTax,
        remaining: 0,
        due: null,
      });
    });
  },
  { poolSize: 24 },
);
