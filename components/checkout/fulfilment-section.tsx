"use client";

import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { MapPin, Store, Truck } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useSetCart } from "@/components/cart/use-cart";
import { openLocationsSheet } from "@/components/locations/location-sheet-state";
import { Sar } from "@/components/money/sar";
import { useSarStyle } from "@/components/money/sar-style";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioCard, RadioGroup } from "@/components/ui/radio-group";
import { Textarea } from "@/components/ui/textarea";
import type { CartDto } from "@/contract/dto/cart";
import type { FulfilmentKind } from "@/contract/input/fulfilment";
import type { FulfilmentConfig } from "@/contract/tenant-settings";
import { formatNumber } from "@/lib/money";
import { useSelectedLocation, type SelectedLocation } from "@/lib/locations/selected-location";
import { checkoutApi } from "@/lib/store-client/checkout";
import { useFailureMessage } from "@/lib/use-failure-message";
import { FULFILMENT_TYPING_KEY } from "./checkout-draft";

type Draft = { kind: FulfilmentKind; branchId: string | null; addressLine: string; driverNote: string };

export type FulfilmentChoice = {
  /** Whether this cart asks (merchandise, in a store that delivers or offers pickup). */
  needed: boolean;
  config: FulfilmentConfig;
  draft: Draft;
  change: (next: Partial<Draft>) => void;
  location: SelectedLocation | null;
  /** The refusal to show (translated), or which field is missing. */
  error: string | null;
  missing: "address" | null;
  /** Sends the choice to the cart (repriced with the fee); false when refused, with the reason shown. */
  commit: () => Promise<boolean>;
};

/** What was typed before Continue, for this cart: a language switch or a reload keeps it (the tab's storage only). */
function readTyping(cartId: string): Draft | null {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(FULFILMENT_TYPING_KEY) ?? "null") as
      | (Draft & { cartId: string })
      | null;
    return kept?.cartId === cartId ? kept : null;
  } catch {
    // Storage blocked or unreadable: start from the cart's own choice.
    return null;
  }
}

function keepTyping(cartId: string, draft: Draft) {
  try {
    window.sessionStorage.setItem(FULFILMENT_TYPING_KEY, JSON.stringify({ ...draft, cartId }));
  } catch {
    // Storage full or blocked: only a reload forgets what was typed.
  }
}

function initialDraft(cart: CartDto, config: FulfilmentConfig): Draft {
  const typed = typeof window === "undefined" ? null : readTyping(cart.id);
  if (typed && (typed.kind === "pickup" ? config.pickup : config.delivery)) return typed;
  const f = cart.fulfilment;
  if (f?.kind === "delivery" && config.delivery)
    return { kind: "delivery", branchId: null, addressLine: f.addressLine, driverNote: f.driverNote ?? "" };
  if (f?.kind === "pickup" && config.pickup)
    return { kind: "pickup", branchId: f.branchId, addressLine: "", driverNote: "" };
  return { kind: config.delivery ? "delivery" : "pickup", branchId: null, addressLine: "", driverNote: "" };
}

/**
 * The checkout's delivery-or-pickup choice, kept in the form until Continue (or Complete) sends it
 * to the cart, which keeps a copy and adds the delivery fee; the cart's own choice is where it
 * starts again after Back, a reload or a language switch. Delivery goes to the location selected
 * in the store's locations sheet (a saved one, or the current position).
 */
export function useFulfilmentChoice(cart: CartDto, config: FulfilmentConfig): FulfilmentChoice {
  const locale = useLocale();
  const setCart = useSetCart();
  const failure = useFailureMessage();
  const tErrors = useTranslations("errors");
  const location = useSelectedLocation();
  const [draft, setDraft] = useState(() => initialDraft(cart, config));
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<"address" | null>(null);
  const needed =
    (config.delivery !== null || config.pickup) && cart.items.some((i) => i.product.typeString === "merchandise");
  const change = (next: Partial<Draft>) => {
    setDraft((d) => {
      const changed = { ...d, ...next };
      keepTyping(cart.id, changed);
      return changed;
    });
    setError(null);
    setMissing(null);
  };
  async function commit(): Promise<boolean> {
    if (!needed) return true;
    const d = draft;
    if (d.kind === "delivery" && !location) {
      setError(tErrors("SP_DeliveryLocationRequired"));
      return false;
    }
    if (d.kind === "delivery" && !d.addressLine.trim()) {
      setMissing("address");
      return false;
    }
    if (d.kind === "pickup" && !d.branchId) {
      setError(tErrors("SP_PickupBranchRequired"));
      return false;
    }
    const body =
      d.kind === "pickup"
        ? { kind: "pickup" as const, branchId: d.branchId }
        : {
            kind: "delivery" as const,
            latitude: location!.latitude,
            longitude: location!.longitude,
            locationId: location!.id,
            addressLine: d.addressLine.trim(),
            driverNote: d.driverNote.trim() || null,
          };
    try {
      setCart(await checkoutApi.setFulfilment({ body }, { locale }));
      return true;
    } catch (err) {
      setError(failure(err));
      return false;
    }
  }
  return { needed, config, draft, change, location, error, missing, commit };
}

function FeeNote({ config }: { config: NonNullable<FulfilmentConfig["delivery"]> }) {
  const t = useTranslations("checkout.fulfilment");
  const locale = useLocale();
  const style = useSarStyle();
  const sar = (halalas: number) => <Sar amount={halalas / 100} locale={locale} style={style} />;
  if (config.fee === 0) return <span>{t("feeFree")}</span>;
  return (
    <span>
      {t.rich("fee", { amount: () => sar(config.fee) })}
      {config.freeAbove !== null ? <> · {t.rich("freeAbove", { amount: () => sar(config.freeAbove!) })}</> : null}
    </span>
  );
}

function DeliveryFields({ choice }: { choice: FulfilmentChoice }) {
  const t = useTranslations("checkout.fulfilment");
  const tLocations = useTranslations("locations");
  const tRoot = useTranslations();
  const id = useId();
  const { draft, change, location, missing } = choice;
  const where = location
    ? [tLocations(`types.${location.type}`), location.description].filter(Boolean).join(" · ")
    : null;
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3 rounded-lg bg-muted px-3 py-2.5">
        <MapPin aria-hidden="true" className="size-5 shrink-0 text-primary" />
        <p className="min-w-0 flex-1 text-sm">
          <span className="block text-xs text-muted-foreground">{t("deliverTo")}</span>
          <span className="block truncate font-medium">{where ?? t("noLocation")}</span>
        </p>
        <Button type="button" variant="outline" size="sm" onClick={openLocationsSheet}>
          {location ? t("changeLocation") : t("chooseLocation")}
        </Button>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-address`} required>
          {t("addressLine")}
        </Label>
        <Input
          id={`${id}-address`}
          autoComplete="street-address"
          placeholder={t("addressPlaceholder")}
          maxLength={200}
          value={draft.addressLine}
          onChange={(e) => change({ addressLine: e.target.value })}
          aria-required="true"
          aria-invalid={missing === "address" ? true : undefined}
          aria-describedby={missing === "address" ? `${id}-address-error` : undefined}
        />
        <FormMessage id={`${id}-address-error`}>
          {missing === "address" ? tRoot("validation.required") : null}
        </FormMessage>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-note`}>{t("driverNote")}</Label>
        <Textarea
          id={`${id}-note`}
          rows={2}
          maxLength={300}
          placeholder={t("driverNotePlaceholder")}
          value={draft.driverNote}
          onChange={(e) => change({ driverNote: e.target.value })}
        />
      </div>
    </div>
  );
}

function PickupBranches({ choice }: { choice: FulfilmentChoice }) {
  const t = useTranslations("checkout.fulfilment");
  const locale = useLocale();
  const here = choice.location;
  const query = here ? { latitude: String(here.latitude), longitude: String(here.longitude) } : {};
  const branches = useQuery({
    queryKey: ["pickup-branches", locale, query.latitude ?? null, query.longitude ?? null],
    queryFn: () => checkoutApi.pickupBranches({ query }, { locale }),
  });
  const list = branches.data ?? [];
  return (
    <RadioGroup legend={t("branch")} className="grid gap-2" aria-busy={branches.isPending || undefined}>
      {branches.isPending ? <p className="text-sm text-muted-foreground">{t("loadingBranches")}</p> : null}
      {list.map((b) => (
        <RadioCard
          key={b.id}
          name="pickup-branch"
          value={b.id}
          checked={choice.draft.branchId === b.id}
          onChange={() => choice.change({ branchId: b.id })}
          className="items-start"
        >
          <Store aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span className="min-w-0 flex-1">
            <span className="block font-medium">{b.name}</span>
            {b.address ? <span className="block text-xs text-muted-foreground">{b.address}</span> : null}
          </span>
          {b.distanceKm !== null ? (
            <span className="tabular shrink-0 text-xs text-muted-foreground">
              {t("distance", { km: formatNumber(b.distanceKm, locale) })}
            </span>
          ) : null}
        </RadioCard>
      ))}
    </RadioGroup>
  );
}

/** Delivery (with the fee) or pickup at a branch, for a cart with merchandise. */
export function FulfilmentSection({ choice }: { choice: FulfilmentChoice }) {
  const t = useTranslations("checkout.fulfilment");
  const titleId = useId();
  if (!choice.needed) return null;
  const { config, draft, change } = choice;
  const both = config.delivery !== null && config.pickup;
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <h3 id={titleId} className="font-sans text-base font-semibold">
        {t("title")}
      </h3>
      {both ? (
        <RadioGroup legend={t("how")} legendClassName="sr-only" className="grid grid-cols-2 gap-2">
          <RadioCard
            name="fulfilment-kind"
            value="delivery"
            checked={draft.kind === "delivery"}
            onChange={() => change({ kind: "delivery" })}
          >
            <Truck aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span className="font-medium">{t("delivery")}</span>
          </RadioCard>
          <RadioCard
            name="fulfilment-kind"
            value="pickup"
            checked={draft.kind === "pickup"}
            onChange={() => change({ kind: "pickup" })}
          >
            <Store aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span className="font-medium">{t("pickup")}</span>
          </RadioCard>
        </RadioGroup>
      ) : null}
      {draft.kind === "delivery" && config.delivery ? (
        <>
          <p className="text-sm text-muted-foreground">
            <FeeNote config={config.delivery} />
          </p>
          <DeliveryFields choice={choice} />
        </>
      ) : (
        <PickupBranches choice={choice} />
      )}
      <FormMessage>{choice.error}</FormMessage>
    </section>
  );
}
