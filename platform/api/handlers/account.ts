import { account } from "@/contract/endpoints/account";
import { listOrders, listReservations, listSubscriptions } from "../../services/account";
import { handlers } from "../define";

export const accountHandlers = handlers(account, {
  orders: ({ db, tenant, customer, locale }) => listOrders(db, tenant.id, customer.customerId, locale),
  reservations: ({ db, tenant, customer, locale }) => listReservations(db, tenant.id, customer.customerId, locale),
  subscriptions: ({ db, tenant, customer, locale }) => listSubscriptions(db, tenant.id, customer.customerId, locale),
});
