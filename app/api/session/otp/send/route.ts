import { bffRoute, platformFor, readJson } from "@/lib/cart/bff";
import { clientIp } from "@/server/client-ip";
import { SendOtpInput } from "@/contract/input/auth";

export const dynamic = "force-dynamic";

/** Sends a sign-in code by SMS; answers the token that binds the verify call to this send. */
export const POST = bffRoute(async (ctx) => {
  const { mobileNumber } = SendOtpInput.pick({ mobileNumber: true }).parse(await readJson(ctx.req));
  // The platform limits sends per client address: the visitor's, as the only x-forwarded-for entry.
  const { token } = await platformFor(ctx, undefined, { "x-forwarded-for": clientIp(ctx.req.headers) }).auth.sendOtp({
    body: { mobileNumber, purpose: "CustomerLogin" },
  });
  return { token };
});
