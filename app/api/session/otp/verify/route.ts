import { bffRoute, platformFor, readJson } from "@/lib/cart/bff";
import { adoptGuestCart, releaseCartForNextSignIn } from "@/lib/session/adopt-guest-cart";
import { clientIp } from "@/server/client-ip";
import { getSessionToken, readSession, saveTokens } from "@/lib/session/session";
import { viewOf } from "@/lib/session/session-view";
import { VerifyOtpBody as verifyOtpBody } from "@/contract/store/sign-in";

export const dynamic = "force-dynamic";

/**
 * Checks the code, stores the tokens in the session cookie, and makes the guest cart the customer's.
 * `keepCart`: a signed-in shopper confirming another number for their order takes their cart along
 * (the cart is let go by the customer signed in now only once the code proved the new number).
 */
export const POST = bffRoute(async (ctx) => {
  const { token, code, keepCart } = verifyOtpBody.parse(await readJson(ctx.req));
  const previousToken = keepCart ? await getSessionToken(ctx.tenant) : null;
  // The platform limits per client address: the visitor's, as the only x-forwarded-for entry.
  const answer = await platformFor(ctx, undefined, { "x-forwarded-for": clientIp(ctx.req.headers) }).auth.verifyOtp({
    body: { token, code },
  });
  await releaseCartForNextSignIn(ctx, previousToken);
  const session = await readSession(ctx.tenant);
  const data = await saveTokens(session, ctx.tenant, answer.customer.id, answer);
  await adoptGuestCart(ctx, data.accessToken);
  return viewOf(ctx, session, data);
});
