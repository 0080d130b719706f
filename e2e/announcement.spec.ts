import { expect, test, type Locator } from "./test";
import { forProject } from "./support";

/**
 * The announcement's moving text (spec §2; its classes are the `marquee` utility of app/globals.css):
 * it scrolls towards the reading direction's start, pauses while hovered, and stands still as
 * wrapped text when the shopper asks for reduced motion.
 */
const motion = (text: Locator) =>
  text.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      name: style.animationName,
      state: style.animationPlayState,
      wrap: style.whiteSpace,
      sign: style.getPropertyValue("--marquee-sign").trim(),
    };
  });

test("the announcement scrolls towards the reading direction's start, pauses while focused or hovered, and stands still for reduced motion", async ({
  page,
}, info) => {
  const { locale, prefix } = forProject(info.project.name);
  // The suite runs with reduced motion; this test is about the motion.
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto(prefix || "/");
  const banner = page
    .getByRole("complementary")
    .filter({ has: page.locator("p span") })
    .first();
  const text = banner.locator("p span").first();
  await expect(text).toBeVisible();
  // The pointer rests away from the banner (it starts at the page's corner, over it).
  await page.mouse.move(300, 600);
  expect(await motion(text)).toEqual({
    name: "announcement-marquee",
    state: "running",
    wrap: "nowrap",
    sign: locale === "ar" ? "-1" : "1",
  });
  // Focus in the banner (its link) pauses it; so does a hovering pointer, where there is one.
  await banner.getByRole("link").first().focus();
  await expect.poll(async () => (await motion(text)).state).toBe("paused");
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect.poll(async () => (await motion(text)).state).toBe("running");
  if (info.project.name === "desktop") {
    await banner.hover();
    await expect.poll(async () => (await motion(text)).state).toBe("paused");
  }

  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await motion(text)).toMatchObject({ name: "none", wrap: "normal" });
});
