import { auth } from "@/contract/endpoints/auth";
import type { TokenPairDto } from "@/contract/dto/auth";
import { env } from "@/server/env";
import { smsSender } from "../../providers/sms";
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken } from "../../services/access-tokens";
import { getCustomer } from "../../services/customers";
import { sendOtp, verifyOtp } from "../../services/otp";
import { revokeRefreshToken, rotateRefreshToken } from "../../services/refresh-tokens";
import { handlers } from "../define";

async function tokenPair(
  customerId: string,
  tenantId: string,
  refreshToken: string,
  sessionId: string,
): Promise<TokenPairDto> {
  const access = await issueAccessToken(customerId, tenantId, sessionId);
  return {
    access_token: access.token,
    refresh_token: refreshToken,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  };
}

export const authHandlers = handlers(auth, {
  sendOtp: ({ db, tenant, locale, clientIp, body }) =>
    sendOtp(db, tenant, body, { clientIp, locale, sms: smsSender(db, tenant.id), sendsPerIp: env().OTP_SENDS_PER_IP }),
  verifyOtp: async ({ db, tenant, body }) => {
    const { customerId, refreshToken, sessionId } = await verifyOtp(db, tenant.id, body);
    const [pair, customer] = await Promise.all([
      tokenPair(customerId, tenant.id, refreshToken, sessionId),
      getCustomer(db, tenant.id, customerId),
    ]);
    const { id, name, mobileNumber, email, isProfileComplete } = customer;
    return { ...pair, customer: { id, name, mobileNumber, email, isProfileComplete } };
  },
  refresh: async ({ db, tenant, body }) => {
    const next = await rotateRefreshToken(db, tenant.id, body.refresh_token);
    return tokenPair(next.customerId, tenant.id, next.token, next.familyId);
  },
  // Logout always succeeds: whatever was sent, the caller ends up signed out.
  revoke: async ({ db, tenant, body }) => {
    if (body) await revokeRefreshToken(db, tenant.id, body.refresh_token);
    return null;
  },
});
