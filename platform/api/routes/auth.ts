import { z } from "zod";
import { route } from "../router";
import { env } from "@/lib/env";
import { clientIp } from "../client-ip";
import { issueAccessToken, ACCESS_TOKEN_TTL_SECONDS } from "../../services/access-tokens";
import { getCustomer } from "../../services/customers";
import { sendOtp, verifyOtp } from "../../services/otp";
import { OTP_PURPOSES } from "../../services/otp-rules";
import { revokeRefreshToken, rotateRefreshToken } from "../../services/refresh-tokens";
import { smsSender } from "../../providers/sms";
import type { OtpSendDto, OtpVerifyDto, TokenPairDto } from "@/lib/platform-client/auth";

// Sign-in with a one-time code and the customer's tokens (issue 3). No bearer token here: these
// are how a customer gets one.

const SendInput = z.object({ mobileNumber: z.string().max(40), purpose: z.enum(OTP_PURPOSES).default("CustomerLogin") });
const VerifyInput = z.object({ token: z.string().max(200), code: z.string().max(20) });
const RefreshInput = z.object({ refresh_token: z.string().max(200) });

async function tokenPair(customerId: string, tenantId: string, refreshToken: string): Promise<TokenPairDto> {
  const access = await issueAccessToken(customerId, tenantId);
  return { access_token: access.token, refresh_token: refreshToken, token_type: "Bearer", expires_in: ACCESS_TOKEN_TTL_SECONDS };
}

route("POST", "otp/send", async ({ db, tenant, locale, req, json }): Promise<OtpSendDto> => {
  const input = SendInput.parse(await json());
  return sendOtp(db, tenant, input, { clientIp: clientIp(req.headers), locale, sms: smsSender(db, tenant.id), sendsPerIp: env().OTP_SENDS_PER_IP });
});

route("POST", "otp/verify", async ({ db, tenant, json }): Promise<OtpVerifyDto> => {
  const { customerId, refreshToken } = await verifyOtp(db, tenant.id, VerifyInput.parse(await json()));
  const [pair, customer] = await Promise.all([tokenPair(customerId, tenant.id, refreshToken), getCustomer(db, tenant.id, customerId)]);
  const { id, name, mobileNumber, email, isProfileComplete } = customer;
  return { ...pair, customer: { id, name, mobileNumber, email, isProfileComplete } };
});

route("POST", "token/refresh", async ({ db, tenant, json }): Promise<TokenPairDto> => {
  const { refresh_token } = RefreshInput.parse(await json());
  const next = await rotateRefreshToken(db, tenant.id, refresh_token);
  return tokenPair(next.customerId, tenant.id, next.token);
});

// Logout always succeeds: whatever was sent, the caller ends up signed out.
route("POST", "token/revoke", async ({ db, tenant, json }) => {
  const body = await json().catch(() => null);
  const parsed = RefreshInput.safeParse(body);
  if (parsed.success) await revokeRefreshToken(db, tenant.id, parsed.data.refresh_token);
  return null;
});
