"use client";

import { memo, useSyncExternalStore } from "react";
import dynamic from "next/dynamic";
import type { GiftThemeDto } from "@/contract/dto/catalog";
import type { OpeningHoursDays } from "./booking-days";
import type { WidgetProps } from "./purchase-parts";
import type { StaffSpec } from "./staff-days";

/** Which widget a product needs, with only the fields that widget reads (keeps the page payload small). */
export type WidgetSpec =
  | {
      kind: "slots";
      bookingWindowDays: number;
      openingHours: OpeningHoursDays;
      capacity: number;
      staff: StaffSpec | null;
    }
  | {
      kind: "duration";
      bookingWindowDays: number;
      openingHours: OpeningHoursDays;
      minUnits: number;
      hideDuration: boolean;
    }
  | {
      kind: "days";
      bookingWindowDays: number;
      openingHours: OpeningHoursDays;
      minDays: number | null;
      maxDays: number | null;
      depositPercent: number | null;
    }
  | { kind: "subscription"; durationDays: number | null }
  | { kind: "merchandise"; stock: number | null }
  | { kind: "gift"; themes: GiftThemeDto[]; storeName: string };

// One chunk per kind: a product page downloads the code of its own widget only.
const SlotBooking = dynamic(() => import("./slot-booking").then((m) => m.SlotBooking));
const DurationBooking = dynamic(() => import("./duration-booking").then((m) => m.DurationBooking));
const FullDayBooking = dynamic(() => import("./full-day-booking").then((m) => m.FullDayBooking));
const SubscriptionPurchase = dynamic(() => import("./subscription-purchase").then((m) => m.SubscriptionPurchase));
const MerchandisePurchase = dynamic(() => import("./merchandise-purchase").then((m) => m.MerchandisePurchase));
const GiftPurchase = dynamic(() => import("./gift-purchase").then((m) => m.GiftPurchase));

const noSubscription = () => () => {};

const Widget = memo(function Widget({ spec, ...props }: WidgetProps & { spec: WidgetSpec }) {
  switch (spec.kind) {
    case "slots":
      return <SlotBooking {...props} {...spec} />;
    case "duration":
      return <DurationBooking {...props} {...spec} />;
    case "days":
      return <FullDayBooking {...props} {...spec} />;
    case "subscription":
      return <SubscriptionPurchase {...props} {...spec} />;
    case "merchandise":
      return <MerchandisePurchase {...props} {...spec} />;
    case "gift":
      return <GiftPurchase {...props} {...spec} />;
  }
});

/**
 * The widget's controls stay disabled until the page is hydrated: the page itself comes from the
 * cache at once, and a tap before React listens would be lost (a quantity of 2 after three taps).
 * Only the fieldset answers the flag's turn: the widget inside is memoised on its props, which do
 * not change then, so hydration does not render the whole widget a second time.
 */
export function PurchaseWidget({ spec, ...props }: WidgetProps & { spec: WidgetSpec }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <fieldset disabled={!hydrated} aria-busy={!hydrated} className="m-0 min-w-0 border-0 p-0">
      <Widget spec={spec} {...props} />
    </fieldset>
  );
}
