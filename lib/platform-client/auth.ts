import "server-only";
import type { Locale } from "@/lib/tenant-config";
import { platformCall } from "./core";
import type { TenantRef } from "./types";

// Sign-in with a one-time code and the customer's tokens (issue 3). Only the storefront's server
// (the session BFF) calls these; tokens never reach browser JavaScript. Failures throw
// PlatformCallError with the SP: code (SP:TooManyRequests carries details.retryAfterSeconds).

/** POST otp/send answer: binds the verify call to this send. The same for known and unknown numbers. */
export type OtpSendDto = { token: string };

/** POST token/refresh answer (and the token part of otp/verify). expires_in: access token lifetime in seconds. */
export type TokenPairDto = { access_token: string; refresh_token: string; token_type: "Bearer"; expires_in: number };

/** The signed-in customer as otp/verify returns it. */
export type SignedInCustomerDto = { id: string; name: string; mobileNumber: string; email: string | null; isProfileComplete: boolean };

/** POST otp/verify answer. */
export type OtpVerifyDto = TokenPairDto & { customer: SignedInCustomerDto };

// The platform rate-limits sends per IP using the LAST x-forwarded-for entry; the visitor's IP is
// passed as the only entry so that an in-process call sees exactly it.
const forwardedFor = (clientIp: string) => ({ "x-forwarded-for": clientIp });

/** Sends a sign-in code to `mobileNumber` (any common format; the platform normalises it to E.164). */
export function sendOtp(tenant: TenantRef, locale: Locale, mobileNumber: string, clientIp: string): Promise<OtpSendDto> {
  return platformCall<OtpSendDto>(tenant, "POST", "otp/send", {
    locale,
    body: { mobileNumber, purpose: "CustomerLogin" },
    headers: forwardedFor(clientIp),
  });
}

/** Checks the code of the send that answered `token`; signs the customer in (created on first sign-in). */
export function verifyOtp(tenant: TenantRef, locale: Locale, token: string, code: string, clientIp: string): Promise<OtpVerifyDto> {
  return platformCall<OtpVerifyDto>(tenant, "POST", "otp/verify", { locale, body: { token, code }, headers: forwardedFor(clientIp) });
}

/** Rotates the refresh token: the old one is spent, keep the returned pair. A reused token ⇒ 401 SP:InvalidRefreshToken. */
export function refreshTokens(tenant: TenantRef, refreshToken: string): Promise<TokenPairDto> {
  return platformCall<TokenPairDto>(tenant, "POST", "token/refresh", { body: { refresh_token: refreshToken } });
}

/** Logout: revokes the refresh token's family. Always succeeds, whatever the token. */
export async function revokeToken(tenant: TenantRef, refreshToken: string): Promise<void> {
  await platformCall<null>(tenant, "POST", "token/revoke", { body: { refresh_token: refreshToken } });
}
