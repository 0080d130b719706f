import { expect, type Page } from "./test";
import type { Locale } from "./cart-support";
import { messagesByLocale } from "./support";

type AccountMessages = typeof import("@/messages/en/account.json");
type ErrorMessages = typeof import("@/messages/en/errors.json");
export const account = messagesByLocale<AccountMessages>("account");
export const errors = messagesByLocale<ErrorMessages>("errors");
type ValidationMessages = typeof import("@/messages/en/validation.json");
export const validation = messagesByLocale<ValidationMessages>("validation");

/** A Saudi mobile number no other journey uses (the platform limits sends per number). */
export function freshMobile(): string {
  // 55 is an STC mobile range; 51/52 are not mobile numbers and would be refused.
  return `55${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
}

/** The newest code the development SMS outbox holds for a number, read as the page (the runner cannot resolve tenant hosts). */
export async function latestCode(page: Page, e164: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      code = await page.evaluate(async (to) => {
        const res = await fetch(`/sandbox/sms/latest?to=${encodeURIComponent(to)}&signIn=1`);
        return res.ok ? ((await res.json()) as { code: string }).code : null;
      }, e164);
      return code;
    })
    .not.toBeNull();
  return code!;
}

/** Signs in through the sheet that is open: number, then the code from the outbox. */
export async function signInWithSheet(page: Page, locale: Locale, national: string) {
  const t = account[locale].signIn;
  const sheet = page.getByRole("dialog", { name: t.title });
  await sheet.getByLabel(t.mobileLabel).fill(national);
  await sheet.getByRole("button", { name: t.sendCode }).click();
  const codeBox = page.getByRole("textbox", { name: t.codeLabel });
  await expect(codeBox).toBeVisible();
  await codeBox.fill(await latestCode(page, `+966${national}`));
  await expect(page.getByRole("dialog", { name: t.codeTitle })).toBeHidden();
}

export const sessionOf = (page: Page) =>
  page.evaluate(async () => ((await (await fetch("/api/session")).json()) as { data: unknown }).data);
