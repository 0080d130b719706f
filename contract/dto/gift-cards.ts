import { z } from "zod";

/** One movement of a gift card's balance (SAR): issued (+), spent by an order (−), back from a cancelled booking (+). */
export const GiftCardMovementDto = z.object({
  kind: z.enum(["issue", "spend", "return"]),
  amount: z.number(),
  at: z.string(),
  orderNumber: z.string().nullable(),
});
export type GiftCardMovementDto = z.infer<typeof GiftCardMovementDto>;

/** A gift card as its page and its recipient's profile show it (amounts in SAR). */
export const GiftCardDto = z.object({
  /** The code in its groups (XXXX-XXXX-XXXX), typed or carried to the checkout. */
  code: z.string(),
  amount: z.number(),
  balance: z.number(),
  currency: z.literal("SAR"),
  expiresAt: z.string(),
  expired: z.boolean(),
  recipientName: z.string(),
  fromName: z.string().nullable(),
  themeName: z.string(),
  themeColor: z.string().nullable(),
  /** Newest first; empty on the public page. */
  history: z.array(GiftCardMovementDto),
});
export type GiftCardDto = z.infer<typeof GiftCardDto>;
