import { z } from "zod";
import { OrderSummaryDto, ReservationsDto, SubscriptionDto } from "../dto/account";
import { endpoint } from "../endpoint";

/** What the signed-in customer has bought: orders, bookings and subscriptions (the profile's tabs). */
export const account = {
  orders: endpoint({ method: "GET", path: "customer/orders", auth: "customer", summary: "The customer's orders of every kind, newest first (the latest 50)", response: z.array(OrderSummaryDto), codes: [] }),
  reservations: endpoint({ method: "GET", path: "customer/reservations", auth: "customer", summary: "The customer's bookings, upcoming and past", response: ReservationsDto, codes: [] }),
  subscriptions: endpoint({ method: "GET", path: "customer/subscriptions", auth: "customer", summary: "The customer's subscriptions and packages", response: z.array(SubscriptionDto), codes: [] }),
};
