import { z } from "zod";

/** Request bodies of sign-in and tokens: how a customer gets and keeps an access token. */

export const OTP_PURPOSES = ["CustomerLogin"] as const;

export const SendOtpInput = z.object({
  mobileNumber: z.string().max(40),
  purpose: z.enum(OTP_PURPOSES).default("CustomerLogin"),
});
export type SendOtpInput = z.output<typeof SendOtpInput>;

export const VerifyOtpInput = z.object({ token: z.string().max(200), code: z.string().max(20) });
export type VerifyOtpInput = z.output<typeof VerifyOtpInput>;

export const RefreshTokenInput = z.object({ refresh_token: z.string().max(200) });
export type RefreshTokenInput = z.output<typeof RefreshTokenInput>;
