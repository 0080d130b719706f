import { z } from "zod";
import { OtpSendDto, OtpVerifyDto, TokenPairDto } from "../dto/auth";
import { endpoint } from "../endpoint";
import { RefreshTokenInput, SendOtpInput, VerifyOtpInput } from "../input/auth";

/** Sign-in with a one-time code and the customer's tokens: how a customer gets a token, so none is needed here. */
export const auth = {
  sendOtp: endpoint({
    method: "POST",
    path: "otp/send",
    auth: "public",
    summary: "Sends a sign-in code by SMS; the same answer for known and unknown numbers",
    body: SendOtpInput,
    response: OtpSendDto,
    codes: ["SP:InvalidMobileNumber", "SP:TooManyRequests", "SP:SmsDeliveryFailed"],
  }),
  verifyOtp: endpoint({
    method: "POST",
    path: "otp/verify",
    auth: "public",
    summary: "Checks a code; signs the customer in (created on the first sign-in)",
    body: VerifyOtpInput,
    response: OtpVerifyDto,
    codes: ["SP:OtpCodeMismatch", "SP:OtpCodeIsExpired", "SP:MaxRetriesReached", "SP:InvalidToken"],
  }),
  refresh: endpoint({
    method: "POST",
    path: "token/refresh",
    auth: "public",
    summary: "Rotates a refresh token into a new token pair",
    body: RefreshTokenInput,
    response: TokenPairDto,
    codes: ["SP:InvalidRefreshToken"],
  }),
  revoke: endpoint({
    method: "POST",
    path: "token/revoke",
    auth: "public",
    summary: "Logout: revokes the refresh token's family; always succeeds, whatever was sent",
    body: RefreshTokenInput,
    tolerant: true,
    response: z.null(),
    codes: [],
  }),
};
