import "server-only";
import { signIn } from "@/contract/store/sign-in";
import { adoptGuestCart, releaseCartForNextSignIn } from "@/lib/session/adopt-guest-cart";
import { readSession, saveTokens } from "@/lib/session/session";
import { viewOf } from "@/lib/session/session-view";
import { handlers, StoreRefusal, type StoreCall } from "../context";

/** The platform limits sign-in per client address: the visitor's, as the only x-forwarded-for entry. */
const asVisitor = (ctx: StoreCall) => ctx.platform({ token: null, headers: { "x-forwarded-for": ctx.clientIp } });

export const signInHandlers = handlers(signIn, {
  sendOtp: async (ctx) => {
    const { token } = await asVisitor(ctx).auth.sendOtp({
      body: { mobileNumber: ctx.body.mobileNumber, purpose: "CustomerLogin" },
    });
    return { token };
  },
  /**
   * `keepCart`: a signed-in shopper confirming another number for their order takes their cart
   * along (the cart is let go by the customer signed in now only once the code proved the new number).
   */
  verifyOtp: async (ctx) => {
    const { token, code, keepCart } = ctx.body;
    const answer = await asVisitor(ctx).auth.verifyOtp({ body: { token, code } });
    await releaseCartForNextSignIn(ctx, ctx.cart, keepCart ? ctx.token : null);
    const stored = await readSession(ctx.tenant);
    const data = await saveTokens(stored, ctx.tenant, answer.customer.id, answer);
    await adoptGuestCart(ctx, ctx.cart, data.accessToken);
    const view = await viewOf(ctx, stored, data);
    // The platform refused the tokens it had just issued (the session is cleared): signed out.
    if (!view) throw new StoreRefusal(401, "SP:Unauthorized", "Sign in to continue");
    return view;
  },
});
