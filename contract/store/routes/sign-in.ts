import type { StoreRoutes } from "../endpoint";

/** Signing in by a code sent by SMS. */
export const signInRoutes = {
  sendOtp: { method: "POST", path: "session/otp/send" },
  verifyOtp: { method: "POST", path: "session/otp/verify" },
} as const satisfies StoreRoutes;
