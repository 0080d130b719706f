import { PaymentSetupError, ProviderRefusal } from "@/lib/payments/provider-browser";

/**
 * The browser's own calls to Moyasar (its token and Apple Pay endpoints with the publishable
 * key): card data goes from the shopper's browser to Moyasar and never through our server.
 */

const missingPublicKey = () => new PaymentSetupError("missingPublicKey", "Moyasar public token key is not set");

const basicAuth = (key: string) => `Basic ${btoa(`${key}:`)}`;

/** Moyasar's error body: `{type, message, errors: {field: [text]}}`; the field texts say most. */
export function moyasarErrorText(body: unknown, fallback: string): string {
  if (!body || typeof body !== "object") return fallback;
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  const details =
    errors && typeof errors === "object"
      ? Object.values(errors as Record<string, unknown>)
          .flat()
          .filter((v): v is string => typeof v === "string")
      : [];
  if (details.length > 0) return details.join(" ");
  return typeof message === "string" && message ? message : fallback;
}

async function postJson(url: string, key: string, body: unknown, code: string, fallback: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { authorization: basicAuth(key), "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "omit",
      cache: "no-store",
    });
  } catch {
    throw new ProviderRefusal(0, code, fallback);
  }
  const payload: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new ProviderRefusal(res.status, code, moyasarErrorText(payload, fallback));
  return payload;
}

export type CardForToken = { name: string; number: string; month: string; year: string; cvc: string };

/**
 * POST {moyasarApiUrl}/tokens with the publishable key (save_only: the token is used at once for
 * one payment, whose 3-D Secure step verifies the card). Answers the token id.
 */
export async function createMoyasarToken(
  apiUrl: string,
  publicKey: string | null,
  card: CardForToken,
  callbackUrl: string,
): Promise<string> {
  if (!publicKey) throw missingPublicKey();
  const body = {
    name: card.name,
    number: card.number,
    month: Number(card.month),
    year: Number(card.year),
    cvc: card.cvc,
    callback_url: callbackUrl,
    save_only: true,
    publishable_api_key: publicKey,
  };
  const token = await postJson(
    `${apiUrl.replace(/\/$/, "")}/tokens`,
    publicKey,
    body,
    "CREATE_TOKEN_ERROR",
    "Failed to create token",
  );
  const id = (token as { id?: unknown } | null)?.id;
  if (typeof id !== "string" || !id) throw new ProviderRefusal(502, "CREATE_TOKEN_ERROR", "Failed to create token");
  return id;
}

/** Apple Pay merchant validation through Moyasar (spec §7): answers the merchant session for completeMerchantValidation. */
export async function validateApplePayMerchant(
  apiUrl: string,
  publicKey: string | null,
  input: { validationUrl: string; displayName: string; domainName: string },
): Promise<unknown> {
  if (!publicKey) throw missingPublicKey();
  const body = {
    validation_url: input.validationUrl,
    display_name: input.displayName,
    domain_name: input.domainName,
    publishable_api_key: publicKey,
  };
  return postJson(
    `${apiUrl.replace(/\/$/, "")}/applepay/initiate`,
    publicKey,
    body,
    "CREATE_PAYMENT_SESSION_ERROR",
    "Failed to create payment session",
  );
}
