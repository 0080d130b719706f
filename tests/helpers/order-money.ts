import type { OrderMoneyDto } from "@/contract/dto/cart";

/** The money of a two-night spa resthouse stay (⃁2,070, 30 % deposit) ordered with cash, from its first day. */
export const cashStayMoney = (dueOn: string): OrderMoneyDto => ({
  status: "payOnSite",
  total: 2070,
  cancelled: 0,
  deposit: 621,
  afterDeposit: 1449,
  paid: 0,
  refunded: 0,
  remaining: 2070,
  due: "arrival",
  dueOn,
});
