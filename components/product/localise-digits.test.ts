import { describe, expect, it } from "vitest";
import { arabicIndicDigits } from "./localise-digits";

describe("promo widgets' digits on Arabic pages", () => {
  it("turns Latin digits and the decimal point between them into Arabic-Indic ones", () => {
    expect(arabicIndicDigits("قسّمها على 4 دفعات بقيمة 28.75 ر.س")).toBe("قسّمها على ٤ دفعات بقيمة ٢٨٫٧٥ ر.س");
    expect(arabicIndicDigits("بعد 3 أشهر")).toBe("بعد ٣ أشهر");
    expect(arabicIndicDigits("1,234.50")).toBe("١٬٢٣٤٫٥٠");
  });

  it("leaves text without digits, and a full stop after a word, as they are", () => {
    expect(arabicIndicDigits("بدون رسوم. متوافق مع أحكام الشريعة.")).toBe("بدون رسوم. متوافق مع أحكام الشريعة.");
    expect(arabicIndicDigits("٤ دفعات")).toBe("٤ دفعات");
  });
});
