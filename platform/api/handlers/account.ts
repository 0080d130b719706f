import { account } from "@/contract/endpoints/account";
import { listOrders, listReservations, listSubscriptions } from "../../services/account";
import { orderLink, ownOrderInvoices, sharedOrder, sharedOrderInvoices } from "../../services/order-links";
import { replaceBankReceipt } from "../../services/order-receipt";
import { rescheduleBooking } from "../../services/reschedule";
import { cancelBooking } from "../../services/cancel-booking";
import { customerGiftCards } from "../../services/gift-cards";
import { buildWalletPass } from "../../services/wallet-passes";
import { handlers } from "../define";

export const accountHandlers = handlers(account, {
  giftCards: ({ db, tenant, customer, locale }) => customerGiftCards(db, tenant.id, customer.customerId, locale),
  orders: ({ db, tenant, customer, locale }) => listOrders(db, tenant.id, customer.customerId, locale),
  orderLink: ({ db, tenant, customer, params }) => orderLink(db, tenant.id, customer.customerId, params.id),
  sharedOrder: ({ db, tenant, locale, params }) => sharedOrder(db, tenant.id, params.id, params.key, locale),
  orderInvoices: ({ db, tenant, customer, params, query }) =>
    ownOrderInvoices(db, tenant.id, customer.customerId, params.id, query.for === "file"),
  sharedOrderInvoices: ({ db, tenant, params, query }) =>
    sharedOrderInvoices(db, tenant.id, params.id, params.key, query.for === "file"),
  replaceBankReceipt: ({ db, tenant, customer, params, body }) =>
    replaceBankReceipt(db, { tenantId: tenant.id, customerId: customer.customerId }, params.id, body),
  reschedule: ({ db, tenant, customer, locale, params, body }) =>
    rescheduleBooking(
      db,
      { tenantId: tenant.id, customerId: customer.customerId },
      params.id,
      params.itemId,
      body,
      locale,
    ),
  cancelBooking: ({ db, tenant, customer, locale, params }) =>
    cancelBooking(db, { tenantId: tenant.id, customerId: customer.customerId }, params.id, params.itemId, locale),
  walletPass: async ({ db, tenant, customer, locale, params }) =>
    new Response(
      await buildWalletPass(
        db,
        { tenantId: tenant.id, customerId: customer.customerId },
        params.id,
        params.itemId,
        locale,
      ),
      {
        headers: { "content-type": "application/vnd.apple.pkpass", "cache-control": "private, no-store" },
      },
    ),
  reservations: ({ db, tenant, customer, locale }) => listReservations(db, tenant.id, customer.customerId, locale),
  subscriptions: ({ db, tenant, customer, locale }) => listSubscriptions(db, tenant.id, customer.customerId, locale),
});
