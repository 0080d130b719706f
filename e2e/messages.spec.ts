import { expect, test } from "./test";
import { forProject, snap } from "./support";
import { addAndCheck, dayAhead, messages, openProduct, pickDay } from "./cart-support";
import { checkout, chooseMethod, fillSpaDetails, order, signInInSheet } from "./checkout-support";

/**
 * The customer messages after the page closes (docs/messages.md): a cash booking's confirmation
 * reaches the customer's phone within seconds through the text message sandbox, naming the order
 * and linking to it; cancelling the booking then tells them on WhatsApp (the spa's sender, against
 * the WhatsApp sandbox). Phone in Arabic, desktop in English.
 */

type SmsMessage = { text: string; code: string | null };
type WhatsAppMessage = { template: string; language: string; parameters: string[] };

test("spa: a cash booking's confirmation arrives by text naming the order; its cancellation by WhatsApp", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const { locale, prefix } = forProject(info.project.name);
  const c = checkout[locale];
  const o = order[locale];
  const w = messages[locale].product.widget;

  await openProduct(page, prefix, locale === "ar" ? "مساج استرخاء ٦٠ دقيقة" : "60-minute relaxing massage");
  await pickDay(page, locale, dayAhead(info.project.name === "phone" ? 46 : 47));
  await page.getByRole("group", { name: w.time }).locator("input[type=radio]:not([disabled])").first().check();
  await addAndCheck(page, locale);
  await page.getByRole("button", { name: c.summary.continue }).click();
  const national = await signInInSheet(page, locale);
  const mobile = `+966${national}`;
  await fillSpaDetails(page, locale, locale === "ar" ? "ريم العتيبي" : "Reem Alotaibi");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: c.customer.continue }).click();
  await chooseMethod(page, locale, c.methods.cash.payLater);
  await page.getByRole("button", { name: o.cash.submit.payLater }).click();
  await page.waitForURL(/\/checkout\/done\//);
  const placedAt = Date.now();
  const number = (await page.getByTestId("order-number").first().textContent())!.trim();
  expect(number).toMatch(/^[A-Z2-9]{6}$/);

  // Within 10 s the newest text message to the customer is the confirmation, not their sign-in code.
  let latest: SmsMessage | null = null;
  await expect
    .poll(
      async () => {
        latest = await page.evaluate(async (to) => {
          const res = await fetch(`/sandbox/sms/latest?to=${encodeURIComponent(to)}`);
          return res.ok ? ((await res.json()) as SmsMessage) : null;
        }, mobile);
        return latest?.text ?? "";
      },
      { timeout: 10_000, intervals: [250] },
    )
    .toContain(number);
  expect(Date.now() - placedAt).toBeLessThan(10_000);
  const confirmation = latest as unknown as SmsMessage;
  expect(confirmation.code).toBeNull();
  expect(confirmation.text).toContain("Rimal Wellness");
  const link = /https?:\/\/\S+$/.exec(confirmation.text)![0];
  expect(link).toContain(locale === "ar" ? "/orders/" : "/en/orders/");

  // The message's link opens the order for whoever holds it.
  await page.goto(link);
  await expect(page.getByTestId("order-number").first()).toHaveText(number);

  // Cancelling the booking: the spa tells it by WhatsApp, its template naming the store, the order and its link.
  await page.goto(`${prefix}/orders/${new URL(link).pathname.split("/").pop()}`);
  await page.getByRole("button", { name: o.cancel.action }).click();
  await page.getByRole("button", { name: o.cancel.confirm }).click();
  await expect(page.getByTestId("order-status")).toHaveText(o.done.status.cancelled);
  let sent: WhatsAppMessage[] = [];
  await expect
    .poll(
      async () => {
        sent = await page.evaluate(async (to) => {
          const res = await fetch(`/sandbox/whatsapp/messages?to=${encodeURIComponent(to)}`);
          return ((await res.json()) as { messages: WhatsAppMessage[] }).messages;
        }, mobile);
        return sent.length;
      },
      { timeout: 10_000, intervals: [250] },
    )
    .toBe(1);
  expect(sent[0]).toMatchObject({ template: "booking_cancelled", language: locale });
  expect(sent[0].parameters[1]).toBe(number);
  expect(sent[0].parameters[2]).toBe(link);

  await page.goto("/sandbox/whatsapp");
  await expect(page.getByTestId("whatsapp-message").filter({ hasText: number })).toBeVisible();
  await snap(page, info, `messages-whatsapp-sandbox-${locale}`);
  await page.screenshot({ path: `/tmp/shots-i44-outbox/whatsapp-sandbox-${info.project.name}.png`, fullPage: true });
  await page.goto("/sandbox/sms");
  await page.screenshot({ path: `/tmp/shots-i44-outbox/sms-sandbox-${info.project.name}.png`, fullPage: true });
});
