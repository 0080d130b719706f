import { sessionCall, type SessionView } from "./session-api";

/** Signing in: the phone and code steps. */
export const signInApi = {
  sendOtp: (mobileNumber: string, locale: string) =>
    sessionCall<{ token: string }>("POST", "/otp/send", { mobileNumber }, locale),
  verifyOtp: (token: string, code: string, locale: string, keepCart: boolean) =>
    sessionCall<SessionView>("POST", "/otp/verify", { token, code, keepCart }, locale),
};
