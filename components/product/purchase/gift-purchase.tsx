"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { Check } from "lucide-react";
import { useAddToCart } from "@/components/cart/use-add-to-cart";
import { FormMessage } from "@/components/ui/form-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup } from "@/components/ui/radio-group";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn";
import type { GiftThemeDto } from "@/contract/dto/catalog";
import { lineTotal, PriceChoice, PurchaseFooter, type WidgetProps } from "./purchase-parts";
import { useFormatSar } from "@/components/money/sar-style";
import { GiftCardFace } from "@/components/gift/gift-card-face";
import { toLatinDigits } from "@/rules/digits";

const NAME_MAX = 60;

type Errors = { toName?: string; fromName?: string; toMobile?: string; sendAt?: string };

/** A datetime-local value ("2026-12-01T09:30") read as Riyadh time (UTC+3, no daylight saving). */
const riyadhInstant = (local: string) => (local ? new Date(`${local}:00+03:00`) : null);

/** Gift card: a theme (swatches), the amount, the recipient, and the buyer's name when they want it shown. */
export function GiftPurchase({
  productId,
  prices,
  locale,
  taxRate,
  themes,
  storeName,
}: WidgetProps & { themes: GiftThemeDto[]; storeName: string }) {
  const t = useTranslations("product.widget");
  const tv = useTranslations("validation");
  const sar = useFormatSar();
  const { addToCart, isPending } = useAddToCart();
  const ids = { to: useId(), from: useId(), show: useId(), mobile: useId(), later: useId(), sendAt: useId() };
  const [theme, setTheme] = useState(themes[0]?.id ?? "");
  const [priceId, setPriceId] = useState(prices[0]?.id ?? "");
  const [toName, setToName] = useState("");
  const [fromName, setFromName] = useState("");
  const [showBuyer, setShowBuyer] = useState(false);
  const [toMobile, setToMobile] = useState("");
  const [mobileInvalid, setMobileInvalid] = useState(false);
  const [sendLater, setSendLater] = useState(false);
  const [sendAt, setSendAt] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const price = prices.find((p) => p.id === priceId);
  const current = themes.find((th) => th.id === theme);

  const validate = (): Errors => {
    const e: Errors = {};
    if (!toName.trim()) e.toName = tv("required");
    else if (toName.trim().length > NAME_MAX) e.toName = tv("tooLong", { max: NAME_MAX });
    if (showBuyer && !fromName.trim()) e.fromName = tv("required");
    else if (showBuyer && fromName.trim().length > NAME_MAX) e.fromName = tv("tooLong", { max: NAME_MAX });
    if (!toMobile.trim()) e.toMobile = tv("required");
    else if (mobileInvalid) e.toMobile = tv("invalid");
    // A time already past is refused by the platform (SP:GiftSendTimeInvalid), by its clock.
    if (sendLater && !riyadhInstant(sendAt)) e.sendAt = tv("required");
    return e;
  };
  const errors = submitted ? validate() : {};

  const add = async () => {
    setSubmitted(true);
    // The phone rules (libphonenumber's metadata) load on the first add, not with the product page.
    const { normalizeMobile } = await import("@/rules/phone");
    const mobile = normalizeMobile(toLatinDigits(toMobile));
    setMobileInvalid(!!toMobile.trim() && !mobile);
    const e = validate();
    if (toMobile.trim() && !mobile) e.toMobile = tv("invalid");
    const first = (["toName", "toMobile", "fromName", "sendAt"] as const).find((k) => e[k]);
    if (first) {
      const target = { toName: ids.to, toMobile: ids.mobile, fromName: ids.from, sendAt: ids.sendAt }[first];
      document.getElementById(target)?.focus();
      return;
    }
    if (!price) return;
    await addToCart({
      productId,
      priceId: price.id,
      quantity: 1,
      giftDetails: {
        theme,
        toName: toName.trim(),
        fromName: showBuyer ? fromName.trim() : null,
        showBuyerInfo: showBuyer,
        toMobile: mobile,
        sendAt: sendLater ? (riyadhInstant(sendAt)?.toISOString() ?? null) : null,
      },
    });
  };

  return (
    <div className="grid gap-5">
      {/* The card shows its face value (what the recipient can spend), not the price with VAT. */}
      <GiftCardFace
        preview
        color={current?.color ?? null}
        themeName={current?.name ?? ""}
        storeName={storeName}
        amount={price ? sar(price.amount) : ""}
        to={toName.trim()}
        from={showBuyer ? fromName.trim() : ""}
        labels={{ to: t("giftTo"), from: t("giftFrom") }}
      />
      {themes.length > 0 ? (
        <RadioGroup legend={t("theme")}>
          <div className="flex flex-wrap gap-3">
            {themes.map((th) => (
              <label key={th.id} className="relative flex cursor-pointer flex-col items-center gap-1.5 text-xs">
                <input
                  type="radio"
                  name="gift-theme"
                  value={th.id}
                  checked={theme === th.id}
                  onChange={() => setTheme(th.id)}
                  className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0"
                />
                <span
                  className="flex size-12 items-center justify-center rounded-full text-white shadow-soft ring-offset-2 ring-offset-card transition peer-checked:ring-2 peer-checked:ring-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-ring"
                  style={{
                    background: `linear-gradient(135deg, ${th.color}, color-mix(in srgb, ${th.color} 60%, #000))`,
                  }}
                >
                  {theme === th.id ? <Check className="size-5" aria-hidden="true" /> : null}
                </span>
                <span className={cn("text-muted-foreground", theme === th.id && "font-semibold text-foreground")}>
                  {th.name}
                </span>
              </label>
            ))}
          </div>
        </RadioGroup>
      ) : null}
      <PriceChoice prices={prices} value={priceId} onChange={setPriceId} locale={locale} taxRate={taxRate} />
      <div className="grid gap-1.5">
        <Label htmlFor={ids.to} required>
          {t("toName")}
        </Label>
        <Input
          id={ids.to}
          value={toName}
          onChange={(e) => setToName(e.target.value)}
          autoComplete="off"
          maxLength={NAME_MAX + 20}
          aria-required="true"
          aria-invalid={!!errors.toName}
          aria-describedby={errors.toName ? `${ids.to}-error` : undefined}
        />
        <FormMessage id={`${ids.to}-error`}>{errors.toName}</FormMessage>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.mobile} required>
          {t("toMobile")}
        </Label>
        <Input
          id={ids.mobile}
          type="tel"
          inputMode="tel"
          dir="ltr"
          value={toMobile}
          onChange={(e) => {
            setToMobile(e.target.value);
            setMobileInvalid(false);
          }}
          autoComplete="off"
          placeholder="05XXXXXXXX"
          maxLength={40}
          className="text-start tabular"
          aria-required="true"
          aria-invalid={!!errors.toMobile}
          aria-describedby={errors.toMobile ? `${ids.mobile}-error` : `${ids.mobile}-hint`}
        />
        {errors.toMobile ? (
          <FormMessage id={`${ids.mobile}-error`}>{errors.toMobile}</FormMessage>
        ) : (
          <p id={`${ids.mobile}-hint`} className="text-xs text-muted-foreground">
            {t("toMobileHint")}
          </p>
        )}
      </div>
      <div className="grid gap-3">
        <div className="flex items-center justify-between gap-3">
          <label htmlFor={ids.later} className="text-sm font-medium">
            {t("sendLater")}
          </label>
          <Switch id={ids.later} checked={sendLater} onChange={(e) => setSendLater(e.target.checked)} />
        </div>
        {sendLater ? (
          <div className="grid gap-1.5">
            <Label htmlFor={ids.sendAt} required>
              {t("sendAt")}
            </Label>
            <Input
              id={ids.sendAt}
              type="datetime-local"
              value={sendAt}
              onChange={(e) => setSendAt(e.target.value)}
              aria-required="true"
              aria-invalid={!!errors.sendAt}
              aria-describedby={errors.sendAt ? `${ids.sendAt}-error` : undefined}
            />
            <FormMessage id={`${ids.sendAt}-error`}>{errors.sendAt}</FormMessage>
          </div>
        ) : null}
      </div>
      <div className="grid gap-3">
        <div className="flex items-center justify-between gap-3">
          <label htmlFor={ids.show} className="text-sm font-medium">
            {t("showMyName")}
          </label>
          <Switch id={ids.show} checked={showBuyer} onChange={(e) => setShowBuyer(e.target.checked)} />
        </div>
        {showBuyer ? (
          <div className="grid gap-1.5">
            <Label htmlFor={ids.from} required>
              {t("fromName")}
            </Label>
            <Input
              id={ids.from}
              value={fromName}
              onChange={(e) => setFromName(e.target.value)}
              autoComplete="name"
              maxLength={NAME_MAX + 20}
              aria-required="true"
              aria-invalid={!!errors.fromName}
              aria-describedby={errors.fromName ? `${ids.from}-error` : undefined}
            />
            <FormMessage id={`${ids.from}-error`}>{errors.fromName}</FormMessage>
          </div>
        ) : null}
      </div>
      <PurchaseFooter
        total={lineTotal(price, 1, 1, taxRate)}
        locale={locale}
        taxRate={taxRate}
        pending={isPending}
        disabled={!price}
        onAdd={add}
      />
    </div>
  );
}
