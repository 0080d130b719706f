import { expect, test, type Page } from "./test";
import { forProject, spaUrl } from "./support";
import { checkout } from "./checkout-support";
import { pageFetchJson } from "./cart-support";
import { stubPixels, type PixelLogEntry } from "./pixels-support";
import { CARDS, checkoutTo, expectPaidOrder, fillBasket, fillCard, payButton } from "./payments-support";

/**
 * The ad platforms' server-side Purchase (docs/messages.md): a shopper who accepted tracking (the
 * journeys' browsers have answered the banner with yes) pays by card in the sandbox; the server
 * sends one Purchase per platform the demo spa configured to /sandbox/conversions, with the event
 * id the browser's pixels used, and never a second one when the done page is shown again.
 */

type SandboxEvent = { platform: string; eventName: string; eventId: string; event: Record<string, unknown> };

const FBP = "fb.1.1714000000000.1234567890";

/** What the conversions sandbox took for the order, read from the store's own origin as a page would. */
const received = async (page: Page, orderId: string): Promise<SandboxEvent[]> =>
  (await pageFetchJson<{ events: SandboxEvent[] }>(page, "/sandbox/conversions")).events.filter(
    (e) => e.eventId === orderId,
  );

test("a card purchase by a shopper who accepted tracking reaches each platform once from the server, with the pixel's event id", async ({
  page,
  context,
}, info) => {
  test.setTimeout(120_000);
  const { locale, prefix } = forProject(info.project.name);
  await stubPixels(page);
  await context.addCookies([{ name: "_fbp", value: FBP, url: spaUrl("/") }]);
  await fillBasket(page, locale, prefix, { kind: "membership", day: info.project.name === "phone" ? 11 : 12 });
  await checkoutTo(page, locale, checkout[locale].methods.card);
  await fillCard(page, locale, CARDS.visa3ds);
  const started = page.waitForRequest(
    (r) => r.url().includes("/api/") && r.method() === "POST" && /tracking/.test(r.postData() ?? ""),
  );
  await payButton(page, locale).click();
  const sent = (await started).postDataJSON();
  expect(sent.checkout?.tracking ?? sent.tracking).toMatchObject({ consent: true, fbp: FBP });
  await page.waitForURL(/\/sandbox\/moyasar\//);
  await page.getByRole("button", { name: "Authenticate" }).click();
  await expectPaidOrder(page, locale, "card");
  const orderId = new URL(page.url()).pathname.split("/").pop()!;

  // The browser's Purchase, and its event id.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          ((window as unknown as { __sfPixelLog?: PixelLogEntry[] }).__sfPixelLog ?? []).filter(
            (e) => e.pixel === "meta" && e.event === "Purchase",
          ).length,
      ),
    )
    .toBe(1);
  const pixelEventId = await page.evaluate(
    () =>
      (window as unknown as { __sfPixelLog: PixelLogEntry[] }).__sfPixelLog.find(
        (e) => e.pixel === "meta" && e.event === "Purchase",
      )!.params.eventID,
  );
  expect(pixelEventId).toBe(orderId);

  // The server's: one per platform, sent by the outbox's worker within seconds.
  await expect
    .poll(async () => (await received(page, orderId)).map((e) => e.platform).sort(), { timeout: 20_000 })
    .toEqual(["ga4", "meta", "snap", "tiktok"]);
  const events = Object.fromEntries((await received(page, orderId)).map((e) => [e.platform, e]));
  const userAgent = await page.evaluate(() => navigator.userAgent);
  expect(events.meta).toMatchObject({ eventName: "Purchase", eventId: pixelEventId });
  expect(events.meta.event).toMatchObject({
    action_source: "website",
    user_data: { fbp: FBP, client_user_agent: userAgent, ph: [expect.stringMatching(/^[0-9a-f]{64}$/)] },
    custom_data: { currency: "SAR", num_items: 1 },
  });
  expect(events.tiktok).toMatchObject({ eventName: "CompletePayment", eventId: pixelEventId });
  expect(events.snap).toMatchObject({ eventName: "PURCHASE", eventId: pixelEventId });
  expect(events.ga4).toMatchObject({ eventName: "purchase", eventId: pixelEventId });

  // The done page again: the order is not sent twice.
  await page.reload();
  await expectPaidOrder(page, locale, "card");
  await page.waitForTimeout(2500);
  expect(await received(page, orderId)).toHaveLength(4);
});
