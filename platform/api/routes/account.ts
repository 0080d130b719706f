import { listReservations, listSubscriptions } from "../../services/account";
import { requireCustomer } from "../auth";
import { route } from "../router";

route("GET", "customer/reservations", async (ctx) => {
  const { customerId } = await requireCustomer(ctx);
  return listReservations(ctx.db, ctx.tenant.id, customerId, ctx.locale);
});

route("GET", "customer/subscriptions", async (ctx) => {
  const { customerId } = await requireCustomer(ctx);
  return listSubscriptions(ctx.db, ctx.tenant.id, customerId, ctx.locale);
});
