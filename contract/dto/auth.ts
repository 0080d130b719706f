import { z } from "zod";

/** POST otp/send answer: binds the verify call to this send. The same for known and unknown numbers. */
export const OtpSendDto = z.object({ token: z.string() });
export type OtpSendDto = z.infer<typeof OtpSendDto>;

/** POST token/refresh answer (and the token part of otp/verify). expires_in: access token lifetime in seconds. */
export const TokenPairDto = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number(),
});
export type TokenPairDto = z.infer<typeof TokenPairDto>;

/** The signed-in customer as otp/verify returns it. */
export const SignedInCustomerDto = z.object({
  id: z.string(),
  name: z.string(),
  mobileNumber: z.string(),
  email: z.string().nullable(),
  isProfileComplete: z.boolean(),
});
export type SignedInCustomerDto = z.infer<typeof SignedInCustomerDto>;

/** POST otp/verify answer. */
export const OtpVerifyDto = TokenPairDto.extend({ customer: SignedInCustomerDto });
export type OtpVerifyDto = z.infer<typeof OtpVerifyDto>;
