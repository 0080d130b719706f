import { z } from "zod";
import { platformApi } from "../api";
import { SendOtpInput, VerifyOtpInput } from "../input/auth";
import { JSON_BODY_LIMIT } from "../limits";
import { normalizeOtpCode, OTP_CODE_LENGTH } from "@/rules/digits";
import { codesOf, storeGroup } from "./endpoint";
import { signInRoutes } from "./routes/sign-in";
import { SessionViewDto } from "./session";

/**
 * The verify body: the contract's, with the code as typed (Arabic-Indic digits, spaces) normalised
 * like the field does before the platform compares it.
 */
export const VerifyOtpBody = VerifyOtpInput.extend({
  token: VerifyOtpInput.shape.token.min(1),
  code: z.string().max(40).transform(normalizeOtpCode).pipe(z.string().length(OTP_CODE_LENGTH)),
  /** Signed in already and confirming another number: the cart comes along (the storefront's own field). */
  keepCart: z.boolean().optional(),
});

const { auth } = platformApi;

/** Signing in: a code by SMS, then the tokens into the session cookie (the browser never sees one). */
export const signIn = storeGroup(signInRoutes, {
  sendOtp: {
    summary: "Sends a sign-in code by SMS; answers the token that binds the verify call to this send",
    session: "none",
    idempotencyKey: "forward",
    body: SendOtpInput.pick({ mobileNumber: true }),
    limit: JSON_BODY_LIMIT,
    response: z.object({ token: z.string() }),
    codes: codesOf(auth.sendOtp),
  },
  verifyOtp: {
    summary:
      "Checks the code, stores the tokens in the session cookie and makes the guest cart the customer's (keepCart: the signed-in shopper's cart comes along)",
    session: "optional",
    cart: "read",
    idempotencyKey: "forward",
    body: VerifyOtpBody,
    limit: JSON_BODY_LIMIT,
    response: SessionViewDto,
    codes: codesOf(auth.verifyOtp),
  },
});
