import { z } from "zod";
import { platformApi } from "../api";
import { CustomerDto } from "../dto/customers";
import { codesOf, storeGroup } from "./endpoint";
import { sessionRoutes } from "./routes/session";

/** What the browser may know of the session: who, and when to refresh. Never a token. */
export const SessionViewDto = z.object({ customer: CustomerDto, accessExpiresAt: z.number() });
export type SessionView = z.infer<typeof SessionViewDto>;

/**
 * The session itself: its handlers keep the iron-session cookie (refresh, clear, destroy), so they
 * declare no session need of their own. An expired or foreign session answers null, never an error.
 */
export const session = storeGroup(sessionRoutes, {
  get: {
    summary: "Who is signed in on this store ({customer, accessExpiresAt}), or null; refreshes an expired token",
    session: "none",
    response: SessionViewDto.nullable(),
    codes: [],
  },
  refresh: {
    summary: "The browser's scheduled refresh (10 s before expiry): new tokens in the cookie, the session view back",
    session: "none",
    response: SessionViewDto.nullable(),
    codes: [],
  },
  logout: {
    summary: "Revokes the refresh token, clears the session and the cart cookie (the cart is the customer's)",
    session: "none",
    cart: "read",
    idempotencyKey: "forward",
    response: z.null(),
    codes: codesOf(platformApi.auth.revoke),
  },
});
