import { bffRoute, readJson } from "@/lib/cart/bff";
import { sendOtp } from "@/lib/platform-client/auth";
import { clientIp } from "@/lib/session/client-ip";
import { sendOtpBody } from "@/lib/validation/sign-in";

export const dynamic = "force-dynamic";

/** Sends a sign-in code by SMS; answers the token that binds the verify call to this send. */
export const POST = bffRoute(async (ctx) => {
  const { mobileNumber } = sendOtpBody.parse(await readJson(ctx.req));
  const { token } = await sendOtp(ctx.tenant, ctx.locale, mobileNumber, clientIp(ctx.req));
  return { token };
});
