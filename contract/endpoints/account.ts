import { z } from "zod";
import { ReservationsDto, SubscriptionDto } from "../dto/account";
import { endpoint } from "../endpoint";

/** What the signed-in customer has bought: bookings and subscriptions (the profile's tabs). */
export const account = {
  reservations: endpoint({ method: "GET", path: "customer/reservations", auth: "customer", summary: "The customer's bookings, upcoming and past", response: ReservationsDto, codes: [] }),
  subscriptions: endpoint({ method: "GET", path: "customer/subscriptions", auth: "customer", summary: "The customer's subscriptions and packages", response: z.array(SubscriptionDto), codes: [] }),
};
