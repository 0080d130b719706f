import { expect, test } from "./test";
import { addDays, monthStart, riyadhToday } from "@/rules/riyadh-time";
import { formatTime } from "@/lib/day-format";
import { formatSar } from "@/lib/money";
import type { AvailabilityDto } from "@/contract/dto/catalog";
import { coffeeUrl, forProject, hydrated, snap } from "./support";
import { checkout, order } from "./checkout-support";
import { checkoutTo } from "./payments-support";
import {
  addAndCheck,
  addButton,
  cartButton,
  cartDialog,
  closeCart,
  dayAhead,
  expectError,
  firstBookedDay,
  messages,
  openProduct,
  pageFetchJson,
  pickDay,
  platformCart,
  productOnPage,
} from "./cart-support";

const NAMES = {
  ar: {
    massage: "مساج استرخاء ٦٠ دقيقة",
    pool: "مسبح خاص بالساعة",
    resthouse: "استراحة الرمال — بالليلة",
    membership: "عضوية شهرية",
    bundle: "باقة ١٠ جلسات مساج",
    gift: "بطاقة هدية",
    oil: "زيت مساج باللافندر",
  },
  en: {
    massage: "60-minute relaxing massage",
    pool: "Private pool by the hour",
    resthouse: "Rimal resthouse — by the night",
    membership: "Monthly membership",
    bundle: "10-session massage bundle",
    gift: "Gift card",
    oil: "Lavender massage oil",
  },
} as const;

/** The journey's language (Arabic on the phone, English on the desktop), its texts and product names. */
function setup(project: string) {
  const { locale, prefix } = forProject(project);
  return { locale, prefix, t: messages[locale].product.widget, names: NAMES[locale] };
}

test.describe("purchase widgets", () => {
  test("fixed-slot massage: a free slot goes in the cart, the seeded full 20:00 slot cannot be chosen", async ({
    page,
  }, info) => {
    const { locale, prefix, t, names } = setup(info.project.name);
    await openProduct(page, prefix, names.massage);
    await pickDay(page, locale, dayAhead(1));
    const times = page.getByRole("group", { name: t.time });
    await expect(times.getByRole("radio", { name: new RegExp(t.full) })).toBeDisabled();
    await times.locator("input[type=radio]:not([disabled])").first().check();
    await snap(page, info, `product-massage-${locale}`);
    const cart = await addAndCheck(page, locale);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0].product.typeString).toBe("reservation");
    await snap(page, info, `cart-massage-${locale}`);
    // The cart id lives in a cookie: a reload keeps the cart.
    await closeCart(page, locale);
    await page.reload();
    await cartButton(page, locale).click();
    await expect(cartDialog(page, locale).getByText(names.massage)).toBeVisible();
  });

  test("slot booking in the cart: people change within the seats left; a time taken meanwhile is flagged and checkout waits until it is removed", async ({
    page,
  }, info) => {
    const { locale, prefix, t, names } = setup(info.project.name);
    const item = messages[locale].cart.item;
    const summary = checkout[locale].summary;
    const day = dayAhead(info.project.name === "phone" ? 42 : 43);
    const withName = (text: string) => text.replace("{name}", names.massage);
    await openProduct(page, prefix, names.massage);
    await pickDay(page, locale, day);
    await page.getByRole("group", { name: t.time }).locator("input[type=radio]:not([disabled])").first().check();
    await addAndCheck(page, locale);

    // Two seats at a time: the cart's people stepper goes to two and no further.
    const more = page.getByRole("button", { name: withName(item.increaseSeats) });
    await more.click();
    await expect.poll(async () => (await platformCart(page, locale))?.items[0].quantity).toBe(2);
    await expect(more).toBeDisabled();
    await snap(page, info, `cart-massage-people-${locale}`);
    await page.getByRole("button", { name: withName(item.decreaseSeats) }).click();
    await expect.poll(async () => (await platformCart(page, locale))?.items[0].quantity).toBe(1);
    await closeCart(page, locale);

    // Another shopper books both seats of that time and pays later.
    const elsewhere = await page
      .context()
      .browser()!
      .newContext({ viewport: page.viewportSize() ?? undefined });
    const other = await elsewhere.newPage();
    await openProduct(other, prefix, names.massage);
    await pickDay(other, locale, day);
    await other.getByRole("group", { name: t.time }).locator("input[type=radio]:not([disabled])").first().check();
    await other.getByRole("button", { name: t.increase }).click();
    await addAndCheck(other, locale);
    await checkoutTo(other, locale, checkout[locale].methods.cash.payLater);
    await other.getByRole("button", { name: order[locale].cash.submit.payLater }).click();
    await other.waitForURL(/\/checkout\/done\//);
    await elsewhere.close();

    // Back in the first cart: the line says its time is gone, and Continue waits for it to go.
    await page.reload();
    await cartButton(page, locale).click();
    const dialog = cartDialog(page, locale);
    await expect(dialog.getByText(item.slotTaken)).toBeVisible();
    await expect(dialog.getByText(summary.linesDontFit)).toBeVisible();
    await expect(dialog.getByRole("button", { name: summary.continue })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: withName(item.increaseSeats) })).toHaveCount(0);
    await snap(page, info, `cart-slot-taken-${locale}`);
    await dialog.getByRole("button", { name: withName(item.removeLabel) }).click();
    await expect.poll(async () => (await platformCart(page, locale))?.items.length ?? 0).toBe(0);
  });

  test("a booking page builds no Intl date formatter while it loads, turns a month and shows a day's times; its labels read as the browser's Intl writes them", async ({
    page,
  }, info) => {
    const { locale, prefix, t, names } = setup(info.project.name);
    // Every Intl date formatter the page builds, counted (lib/day-format.ts writes the widget's labels by hand).
    await page.addInitScript(() => {
      const Real = Intl.DateTimeFormat;
      const built: string[] = ((window as unknown as { __dateFormatters: string[] }).__dateFormatters = []);
      Intl.DateTimeFormat = new Proxy(Real, {
        construct: (target, args) => (built.push(JSON.stringify(args)), new target(...(args as []))),
        apply: (target, self, args) => (built.push(JSON.stringify(args)), target(...(args as []))),
      });
    });
    await openProduct(page, prefix, names.massage);
    await page.reload();
    await hydrated(page);
    await pickDay(page, locale, monthStart(riyadhToday(), 1));
    const times = page.getByRole("group", { name: t.time });
    await expect(times.locator("input[type=radio]").first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __dateFormatters: string[] }).__dateFormatters)).toEqual(
      [],
    );

    // The same labels from the browser's own Intl: the calendar's title, days and times.
    const mismatches = await page.evaluate((locale) => {
      const day = (options: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat(locale === "ar" ? "ar-SA-u-ca-gregory-nu-arab" : "en-GB-u-ca-gregory", {
          ...options,
          timeZone: "UTC",
        });
      const time = new Intl.DateTimeFormat(locale === "ar" ? "ar-SA-u-nu-arab" : "en-US", {
        hour: "numeric",
        minute: "2-digit",
        timeZone: "Asia/Riyadh",
      });
      const wrong: string[] = [];
      const buttons = [...document.querySelectorAll<HTMLButtonElement>("[data-day]")];
      const first = new Date(`${buttons[0].dataset.day}T00:00:00Z`);
      const title = day({ month: "long", year: "numeric" }).format(first);
      if (![...document.querySelectorAll("p")].some((p) => p.textContent === title)) wrong.push(`no title ${title}`);
      for (const b of buttons) {
        const date = new Date(`${b.dataset.day}T00:00:00Z`);
        if (b.textContent !== day({ day: "numeric" }).format(date)) wrong.push(`${b.dataset.day}: ${b.textContent}`);
        if (
          !b
            .getAttribute("aria-label")!
            .startsWith(day({ weekday: "long", day: "numeric", month: "long" }).format(date))
        )
          wrong.push(`${b.dataset.day}: ${b.getAttribute("aria-label")}`);
      }
      const slots = [...document.querySelectorAll<HTMLInputElement>("input[type=radio][value*='T']")];
      for (const input of slots) {
        if (!input.closest("label")!.textContent!.includes(time.format(new Date(input.value))))
          wrong.push(`${input.value}: ${input.closest("label")!.textContent}`);
      }
      return { checked: buttons.length, times: slots.length, wrong };
    }, locale);
    expect(mismatches.checked).toBeGreaterThanOrEqual(28);
    expect(mismatches.times).toBeGreaterThan(0);
    expect(mismatches.wrong).toEqual([]);
  });

  test("a slot that filled up after the page loaded is refused with the translated error and nothing changes", async ({
    page,
  }, info) => {
    const { locale, prefix, t, names } = setup(info.project.name);
    await openProduct(page, prefix, names.massage);
    const productId = (await productOnPage(page)).id;
    const day = dayAhead(1);
    const real = await pageFetchJson<{ data: AvailabilityDto }>(
      page,
      `/api/app/products/${productId}/availability?date=${day}`,
    );
    if (real.data.kind !== "slots") throw new Error("expected slots");
    const full = real.data.slots.find((s) => s.available === 0);
    expect(full, "the seed books one slot full every day").toBeDefined();
    // The shopper's page still shows that slot as free, as if it filled up a moment ago.
    const stale = { data: { ...real.data, slots: real.data.slots.map((s) => ({ ...s, available: s.capacity })) } };
    // The widget asks with its choice (price, specialist) after the date.
    await page.route(`**/api/app/products/${productId}/availability?date=${day}*`, (route) =>
      route.fulfill({ json: stale }),
    );
    await pickDay(page, locale, day);
    await page
      .getByRole("group", { name: t.time })
      .getByRole("radio", { name: new RegExp(formatTime(full!.from, locale)) })
      .check();
    await addButton(page, locale).click();
    await expectError(page, locale, "SP:SlotIsNotAvailable");
    expect((await platformCart(page, locale))?.items ?? []).toEqual([]);
  });

  test("variable-duration pool: start time and two hours", async ({ page }, info) => {
    const { locale, prefix, t, names } = setup(info.project.name);
    await openProduct(page, prefix, names.pool);
    await pickDay(page, locale, dayAhead(1));
    await page.getByRole("group", { name: t.startTime }).locator("input[type=radio]:not([disabled])").first().check();
    await page.getByRole("button", { name: t.increase }).click();
    const cart = await addAndCheck(page, locale);
    expect(cart.items[0]).toMatchObject({ quantity: 1, effectiveQuantity: 2 });
  });

  test("full-day resthouse: two nights with the deposit; 8 nights and a stay over booked nights are refused while picking", async ({
    page,
  }, info) => {
    const { locale, prefix, names } = setup(info.project.name);
    await openProduct(page, prefix, names.resthouse);
    await pickDay(page, locale, dayAhead(3));
    await pickDay(page, locale, dayAhead(4));
    const cart = await addAndCheck(page, locale);
    expect(cart.items[0]).toMatchObject({
      effectiveQuantity: 2,
      reservationDateFrom: dayAhead(3),
      reservationDateTo: dayAhead(5),
    });
    expect(cart.depositAmount).toBeGreaterThan(0);
    await snap(page, info, `cart-resthouse-${locale}`);
    await closeCart(page, locale);

    // The calendar keeps the rules while picking: the 8th night is not taken and the reason shows at once.
    const w = messages[locale].product.widget;
    const alertWith = (text: string) => page.getByRole("alert").filter({ hasText: text.split("{")[0].trim() });
    await pickDay(page, locale, dayAhead(20));
    await pickDay(page, locale, dayAhead(27));
    await expect(alertWith(w.rangeTooLong)).toBeVisible();
    await expect(addButton(page, locale)).toBeDisabled();
    await snap(page, info, `error-8-nights-${locale}`);
    // A 7-night stay from the same first night is fine.
    await pickDay(page, locale, dayAhead(26));
    await expect(alertWith(w.rangeTooLong)).toHaveCount(0);
    await expect(addButton(page, locale)).toBeEnabled();

    // The seed books the 10th and 11th nights after the day it ran (platform/seed/demo.ts): read
    // them off the calendar, since a run that crosses Riyadh midnight finds them a day nearer.
    const booked = await firstBookedDay(page, locale, dayAhead(5));
    expect([dayAhead(9), dayAhead(10)]).toContain(booked);
    await pickDay(page, locale, addDays(booked, -1));
    await pickDay(page, locale, addDays(booked, 2));
    await expect(alertWith(w.rangeCrossesBooked)).toBeVisible();
    await expect(addButton(page, locale)).toBeDisabled();
    expect((await platformCart(page, locale))?.items).toHaveLength(1);
  });

  test("subscription and subscription with a package start on a chosen date", async ({ page }, info) => {
    const { locale, prefix, names } = setup(info.project.name);
    await openProduct(page, prefix, names.membership);
    await pickDay(page, locale, dayAhead(2));
    let cart = await addAndCheck(page, locale);
    expect(cart.items[0]).toMatchObject({ subscriptionStartDate: dayAhead(2) });
    await closeCart(page, locale);

    await openProduct(page, prefix, names.bundle);
    await pickDay(page, locale, dayAhead(3));
    cart = await addAndCheck(page, locale);
    expect(cart.items.map((i) => i.product.hasPackage)).toEqual([false, true]);
  });

  test("gift card: theme, recipient and buyer name", async ({ page }, info) => {
    const { locale, prefix, t, names } = setup(info.project.name);
    await openProduct(page, prefix, names.gift);
    await page.getByRole("group", { name: t.theme }).getByRole("radio").nth(2).check();
    await page.getByLabel(t.toName).fill(locale === "ar" ? "نورة" : "Noura");
    await page.getByLabel(t.toMobile).fill(locale === "ar" ? "٠٥٥١٢٣٠٠٠٢" : "0551230002");
    await snap(page, info, `product-gift-${locale}`);
    const cart = await addAndCheck(page, locale);
    expect(cart.items[0].giftDetails).toMatchObject({
      theme: "eid",
      toName: locale === "ar" ? "نورة" : "Noura",
      toMobile: "+966551230002",
    });
    // The card's face value, not the price with VAT.
    await expect(page.locator("[data-gift-preview]")).toContainText(formatSar(cart.items[0].price.amount, locale));
    await expect(cartDialog(page, locale).getByText(locale === "ar" ? "عيد مبارك" : "Eid Mubarak")).toBeVisible();
  });

  test("merchandise: three bottles of oil, and a fourth is refused with the cart unchanged", async ({ page }, info) => {
    const { locale, prefix, t, names } = setup(info.project.name);
    await openProduct(page, prefix, names.oil);
    // Typed over the stock: brought down to the three there are, and said so.
    await page.getByRole("textbox", { name: t.quantity }).fill("9");
    await expect(page.getByRole("textbox", { name: t.quantity })).toHaveValue(locale === "ar" ? "٣" : "3");
    await expect(
      page.getByRole("status").filter({ hasText: locale === "ar" ? "المتاح ٣ فقط" : "Only 3 are available" }),
    ).toBeVisible();
    // The instalment widgets, drawn after the page has loaded, start from the three: 207 / 4.
    await expect(page.getByText(locale === "ar" ? /٥١٫٧٥/ : /51\.75/).first()).toBeVisible();
    await snap(page, info, `oil-clamped-${locale}`);
    await page.getByRole("button", { name: t.decrease }).click();
    await page.getByRole("button", { name: t.decrease }).click();
    await expect(
      page.getByRole("status").filter({ hasText: locale === "ar" ? "المتاح ٣ فقط" : "Only 3 are available" }),
    ).toHaveCount(0);
    await page.getByRole("button", { name: t.increase }).click();
    await page.getByRole("button", { name: t.increase }).click();
    const cart = await addAndCheck(page, locale);
    expect(cart.items[0].quantity).toBe(3);
    await closeCart(page, locale);

    await page.getByRole("button", { name: t.decrease }).click();
    await page.getByRole("button", { name: t.decrease }).click();
    await addButton(page, locale).click();
    await expectError(page, locale, "SP:MerchandiseItemInsufficientStock");
    await snap(page, info, `error-4th-oil-${locale}`);
    const after = await platformCart(page, locale);
    expect(after?.items.map((i) => i.quantity)).toEqual([3]);
  });
});

/**
 * Installed before the page's own scripts: React's DevTools hook, which React calls at every commit.
 * Walking a commit as DevTools does (from the root, only where a fiber's children changed), it notes
 * for each commit that reached the purchase widget's fieldset how many of the widget's components
 * rendered in it.
 */
function countWidgetRenders() {
  const log: number[] = ((window as unknown as { __widgetRenders: number[] }).__widgetRenders = []);
  type Fiber = {
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
    tag: number;
    flags: number;
    type: unknown;
    memoizedProps: Record<string, unknown> | null;
  };
  // Function, class, forwardRef and memo components; PerformedWork is flag 1.
  const COMPONENT_TAGS = [0, 1, 11, 14, 15];
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onPostCommitFiberRoot() {},
    setStrictMode() {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      let rendered = 0;
      let reached = false;
      const walk = (next: Fiber, prev: Fiber, inside: boolean) => {
        if (next.child === prev.child) return;
        for (let c = next.child; c; c = c.sibling) {
          const fieldset = c.type === "fieldset" && !!c.memoizedProps && "aria-busy" in c.memoizedProps;
          reached ||= fieldset;
          if (!c.alternate) continue;
          if (inside && COMPONENT_TAGS.includes(c.tag) && (c.flags & 1) !== 0) rendered++;
          walk(c, c.alternate, inside || fieldset);
        }
      };
      if (root.current.alternate) walk(root.current, root.current.alternate, false);
      if (reached) log.push(rendered);
    },
  };
}

test("the purchase widget's controls turn on at hydration without the widget rendering again", async ({
  page,
}, info) => {
  const { prefix, names } = setup(info.project.name);
  await page.goto(`${prefix}/products`);
  const href = await page
    .getByRole("link")
    .filter({ has: page.getByRole("heading", { name: names.oil, exact: true }) })
    .first()
    .getAttribute("href");
  // The product page's own load, so that it hydrates (a client navigation would mount it hydrated).
  await page.addInitScript(countWidgetRenders);
  await page.goto(href!);
  await hydrated(page);
  await expect(page.locator("fieldset[aria-busy=false]")).toBeEnabled();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __widgetRenders: number[] }).__widgetRenders.length))
    .toBeGreaterThan(0);
  // The commit that enables the fieldset renders none of the widget's components.
  expect((await page.evaluate(() => (window as unknown as { __widgetRenders: number[] }).__widgetRenders))[0]).toBe(0);
});

test("coffee: the grinder goes in the cart through its widget", async ({ page }, info) => {
  await openProduct(page, "", "مطحنة يدوية", coffeeUrl(""));
  const cart = await addAndCheck(page, "ar");
  expect(cart.items[0]).toMatchObject({ quantity: 1, product: { name: "مطحنة يدوية" } });
  await snap(page, info, "cart-coffee-grinder");
  const cartCookies = (await page.context().cookies()).filter((c) => c.name.startsWith("sf_cart_"));
  expect(cartCookies.map((c) => [c.name, c.httpOnly, c.domain])).toEqual([
    ["sf_cart_coffee", true, "coffee.localhost"],
  ]);
});
