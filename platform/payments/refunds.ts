import "server-only";
import type { PaymentProvider } from "../db/schema";
import { gatewayOf } from "./gateways";
import { ProviderError, type ProviderConfig, type RefundsSeen } from "./provider";

/** One refund the platform means to make, named so that every retry of it is recognised. */
export type RefundIntent = {
  /** The provider's id of the payment. */
  ref: string;
  /** Halalas. */
  amount: number;
  reason: string;
  /** This refund's own name, the same on every retry (the provider's idempotency key or reference). */
  key: string;
  /** What the platform asked back of the same payment before this refund (halalas), those still in flight included. */
  before: number;
};

/**
 * Gives money back once, even when the provider's answer is lost. The refund goes with its key; a
 * clear refusal is thrown as it is. Anything else (no answer, a timeout, a fault on the provider's
 * side) leaves the outcome unknown — the provider may have refunded before the connection broke —
 * so the payment is read at the provider before the caller gives its claim back: a refund carrying
 * this key, or as much given back as the platform asked for with this one, is this refund done
 * (its id unknown: null). Only a refund the provider does not hold, or a provider that cannot be
 * read, is thrown for the caller to give its claim back and try again later.
 */
export async function refundOnce(
  cfg: ProviderConfig,
  provider: PaymentProvider,
  intent: RefundIntent,
): Promise<{ refundId: string | null; amount: number }> {
  const gateway = gatewayOf(provider);
  try {
    return await gateway.refund(cfg, intent.ref, intent.amount, intent.reason, intent.key);
  } catch (err) {
    if (err instanceof ProviderError && err.refused) throw err;
    let seen: RefundsSeen;
    try {
      seen = await gateway.refunded(cfg, intent.ref);
    } catch (readErr) {
      console.warn(
        `[payments] ${provider} refund ${intent.key} of ${intent.ref}: no answer, nor to reading it`,
        readErr,
      );
      throw err;
    }
    if (!seen.keys.includes(intent.key) && seen.total < intent.before + intent.amount) throw err;
    console.warn(
      `[payments] ${provider} refund ${intent.key} of ${intent.ref} (${intent.amount} halalas) had no answer, and the provider holds it: done`,
    );
    return { refundId: null, amount: intent.amount };
  }
}
