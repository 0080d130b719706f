import { z } from "zod";

/** GET cart/{id}/validate: valid, or the first failing rule's error is thrown. */
export const ValidateCartDto = z.object({ valid: z.literal(true) });
export type ValidateCartDto = z.infer<typeof ValidateCartDto>;

/** GET bank-account/bank-account (spec §7). `bank` is a bank code (logo by code), e.g. "alrajhi". */
export const BankAccountDto = z.object({
  id: z.string(),
  bank: z.string(),
  holderName: z.string(),
  iban: z.string(),
  accountNumber: z.string(),
});
export type BankAccountDto = z.infer<typeof BankAccountDto>;
