"use client";

import { MapPin } from "lucide-react";
import { onDemand } from "@/components/on-demand";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useSelectedLocation } from "@/lib/locations/selected-location";
import {
  locationsSheetFailed,
  openLocationsSheet,
  useLocationsSheetOpen,
  useLocationsSheetRequested,
} from "./location-sheet-state";

/** The sheet's code (vaul, the map picker, the form) is fetched on the first opening, not with the page. */
const loadLocationsSheet = () => import("./locations-sheet");
const LocationsSheet = onDemand(() => loadLocationsSheet().then((m) => m.LocationsSheet), locationsSheetFailed);

/** The header's location button: the selected location's type, opening the locations sheet. */
export function LocationButton({ mapsKey }: { mapsKey: string | null }) {
  const t = useTranslations("locations");
  const selected = useSelectedLocation();
  const open = useLocationsSheetOpen();
  const requested = useLocationsSheetRequested();
  const place = selected ? t(`types.${selected.type}`) : null;
  // Warm the sheet's code while the pointer is on its way, so the first opening is quick.
  const prefetch = () => void loadLocationsSheet();
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        // A phone's header has no room for the label next to the store's name: the pin alone, filled once set.
        className="size-10 gap-1 px-0 sm:size-auto sm:h-9 sm:max-w-[11rem] sm:px-2.5"
        // Named by the words it shows (a voice command says what it sees), then what they are.
        aria-label={place ? t("button.label", { place }) : undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={openLocationsSheet}
        data-early-tap="locations"
      >
        <MapPin aria-hidden="true" className={selected ? "fill-primary-soft text-primary" : undefined} />
        <span className="sr-only min-w-0 truncate text-sm sm:not-sr-only">{place ?? t("button.setLocation")}</span>
      </Button>
      {requested ? <LocationsSheet mapsKey={mapsKey} /> : null}
    </>
  );
}
