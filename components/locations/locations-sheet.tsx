"use client";

import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Plus } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/toast";
import { Drawer } from "vaul";
import { withDeferredMessages } from "@/components/intl/deferred-messages";
import { requireSignIn } from "@/components/auth/sign-in-state";
import { useSession } from "@/components/auth/use-session";
import { SheetBody } from "@/components/cart/sheet-layout";
import { Button } from "@/components/ui/button";
import { DrawerCloseButton, DrawerHandle } from "@/components/ui/drawer-parts";
import { Skeleton } from "@/components/ui/skeleton";
import { lastKnownPosition } from "@/lib/locations/current-position";
import { selectionOf, setSelectedLocation, useSelectedLocation } from "@/lib/locations/selected-location";
import { DEFAULT_CENTER, MAX_SAVED_LOCATIONS, type LocationDto } from "@/lib/locations/types";
import { formatNumber } from "@/lib/money";
import { AddLocationForm } from "./add-location-form";
import { CurrentLocationAction } from "./current-location-action";
import {
  closeLocationsSheet,
  openLocationsSheet,
  restoreFocusAfterLocations,
  setLocationsSheetOpen,
  useLocationsSheetOpen,
} from "./location-sheet-state";
import { LocationSuggestion } from "./location-suggestion";
import { SavedLocations } from "./saved-locations";
import { useCreateLocation, useDeleteLocation, useSavedLocations } from "./use-locations";

/**
 * The locations sheet (spec §2): the current position for everyone; for signed-in customers their
 * saved locations (pick, delete) and the add form with the map. Loaded on the first opening.
 */
export const LocationsSheet = withDeferredMessages(function LocationsSheet({ mapsKey }: { mapsKey: string | null }) {
  const t = useTranslations("locations");
  const locale = useLocale();
  const open = useLocationsSheetOpen();
  const { isSignedIn } = useSession();
  const selected = useSelectedLocation();
  const saved = useSavedLocations();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const [suggestion, setSuggestion] = useState<LocationDto | null>(null);
  // Each opening starts on the list (adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setAdding(false);
      setSuggestion(null);
    }
  }
  const create = useCreateLocation(saved.key, closeLocationsSheet);
  const remove = useDeleteLocation(saved.key, setSuggestion);
  const list = saved.data ?? [];
  const full = list.length >= MAX_SAVED_LOCATIONS;

  const choose = (location: LocationDto, close: boolean) => {
    setSelectedLocation(selectionOf(location));
    setSuggestion(null);
    if (close) closeLocationsSheet();
  };
  const signIn = () => {
    closeLocationsSheet();
    requireSignIn(openLocationsSheet);
  };

  return (
    <Drawer.Root open={open} autoFocus onOpenChange={setLocationsSheetOpen}>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-50 bg-foreground/40" />
        <Drawer.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            restoreFocusAfterLocations();
          }}
          className="fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[92dvh] max-w-lg flex-col rounded-t-2xl bg-background shadow-lift outline-none"
        >
          <DrawerHandle />
          <header className="flex items-start gap-3 px-4 pt-2 pb-3">
            <div className="min-w-0 flex-1">
              <Drawer.Title className="text-lg font-bold">{t("sheet.title")}</Drawer.Title>
              <Drawer.Description className="mt-0.5 text-sm text-muted-foreground">
                {isSignedIn ? t("sheet.description") : t("sheet.descriptionSignedOut")}
              </Drawer.Description>
            </div>
            <DrawerCloseButton label={t("sheet.close")} />
          </header>
          {adding && isSignedIn ? (
            <AddLocationForm
              mapsKey={mapsKey}
              start={selected ?? lastKnownPosition() ?? DEFAULT_CENTER}
              pending={create.isPending}
              onSave={(input) => create.mutate(input)}
              onCancel={() => {
                // Back on the list, the focus returns to the button that opened the form.
                flushSync(() => setAdding(false));
                addButton.current?.focus();
              }}
            />
          ) : (
            <SheetBody className="space-y-4 pt-4 pb-[max(1.25rem,env(safe-area-inset-bottom))]">
              {suggestion ? (
                <LocationSuggestion
                  location={suggestion}
                  onAccept={() => choose(suggestion, true)}
                  onDecline={() => setSuggestion(null)}
                />
              ) : null}
              <CurrentLocationAction selected={selected?.type === "current"} />
              {isSignedIn ? (
                <section aria-labelledby="saved-locations-heading" className="space-y-3">
                  <div className="flex items-baseline justify-between gap-3">
                    <h3 id="saved-locations-heading" className="font-display text-base font-bold">
                      {t("saved.legend")}
                    </h3>
                    {saved.data ? (
                      <span className="tabular text-xs text-muted-foreground">
                        {t("saved.count", {
                          saved: formatNumber(list.length, locale),
                          max: formatNumber(MAX_SAVED_LOCATIONS, locale),
                        })}
                      </span>
                    ) : null}
                  </div>
                  {saved.isPending ? (
                    <div role="status" className="space-y-2">
                      <span className="sr-only">{t("saved.loading")}</span>
                      <Skeleton className="h-14 rounded-lg" />
                      <Skeleton className="h-14 rounded-lg" />
                    </div>
                  ) : saved.isError && !saved.data ? (
                    <div
                      role="alert"
                      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 text-sm"
                    >
                      <span className="text-muted-foreground">{t("saved.loadError")}</span>
                      <Button variant="outline" size="sm" onClick={() => void saved.refetch()}>
                        {t("saved.retry")}
                      </Button>
                    </div>
                  ) : list.length === 0 ? (
                    <p className="rounded-lg border border-dashed border-border px-3 py-4 text-center text-sm text-muted-foreground">
                      {t("saved.empty")}
                    </p>
                  ) : (
                    <SavedLocations
                      legend={t("saved.legend")}
                      locations={list}
                      selectedId={selected?.id ?? null}
                      onSelect={choose}
                      deletingId={remove.isPending ? (remove.variables?.id ?? null) : null}
                      onDelete={(location) =>
                        remove.mutate(location, { onError: () => toast.error(t("saved.deleteFailed")) })
                      }
                    />
                  )}
                  <Button
                    ref={addButton}
                    variant="outline"
                    size="lg"
                    className="w-full border-dashed"
                    disabled={full || saved.isPending}
                    aria-describedby={full ? "locations-full-note" : undefined}
                    onClick={() => setAdding(true)}
                  >
                    <Plus aria-hidden="true" />
                    {t("add.open")}
                  </Button>
                  {full ? (
                    <p id="locations-full-note" className="text-center text-xs text-muted-foreground">
                      {t("saved.full", { max: formatNumber(MAX_SAVED_LOCATIONS, locale) })}
                    </p>
                  ) : null}
                </section>
              ) : (
                <Button variant="link" className="w-full" onClick={signIn}>
                  {t("sheet.signIn")}
                </Button>
              )}
            </SheetBody>
          )}
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
});
