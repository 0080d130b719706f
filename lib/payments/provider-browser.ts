import { CodedError } from "@/contract/coded-error";

/**
 * How a provider's browser part (payment-providers/<name>/browser/) tells the checkout that a
 * payment did not go ahead, so that the checkout says it the same way for every provider.
 */

/**
 * The provider itself refused a call the browser made to it (card data goes from the shopper's
 * browser to the provider, never through our server): the code is spec §8's (e.g.
 * CREATE_TOKEN_ERROR), the message the provider's own.
 */

export class ProviderRefusal extends CodedError {
  override name = "ProviderRefusal";
}

/**
 * A payment the store's setup or this browser cannot make (spec §8's texts as messages); `key`
 * names its translation under order.online.setup.
 */
export class PaymentSetupError extends Error {
  override name = "PaymentSetupError";
  constructor(
    readonly key: "missingPublicKey" | "applePayUnsupported" | "unknownProvider" | "scriptFailed",
    message: string,
  ) {
    super(message);
  }
}

/**
 * Nothing to tell the shopper: they closed the provider's own sheet (Apple Pay), or the provider's
 * card form refused what they typed and says so itself (spec §8: code input-validation is silent).
 */
export class PaymentCancelled extends Error {
  override name = "PaymentCancelled";
}
