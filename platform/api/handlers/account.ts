import { account } from "@/contract/endpoints/account";
import { listReservations, listSubscriptions } from "../../services/account";
import { handlers } from "../define";

export const accountHandlers = handlers(account, {
  reservations: ({ db, tenant, customer, locale }) => listReservations(db, tenant.id, customer.customerId, locale),
  subscriptions: ({ db, tenant, customer, locale }) => listSubscriptions(db, tenant.id, customer.customerId, locale),
});
