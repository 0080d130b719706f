"use client";

import { useEffect, useState, type ComponentType } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/toast";

/** A component loaded on demand, and what it needs before its first render (a sheet's texts: withDeferredMessages). */
type Loaded<P> = ComponentType<P> & { ready?: () => Promise<unknown> };

/**
 * A part of the page whose code comes when it is first shown (a sheet, the account menu), as
 * next/dynamic would load it, except when the load fails. next/dynamic hands a failed load (a
 * connection that dropped) to the nearest error boundary, which for the layout's own parts is
 * Next's default error page: one tap on the cart and the store is gone. Here a failed load
 * says so (errors.network), calls `failed` (the sheet closes and forgets it was opened), and the
 * next opening loads it again. Nothing renders until the code and its texts are here.
 */
export function onDemand<P extends object>(
  load: () => Promise<Loaded<P>>,
  failed: (props: P) => void,
): ComponentType<P> {
  let loaded: Loaded<P> | undefined;
  return function OnDemand(props: P) {
    const t = useTranslations("errors");
    const [Part, setPart] = useState(() => loaded);
    useEffect(() => {
      if (Part) return;
      load()
        .then(async (part) => {
          await part.ready?.();
          setPart(() => (loaded = part));
        })
        .catch(() => {
          failed(props);
          toast.error(t("network"));
        });
      // Once per mount: a failure unmounts it (failed), the next opening mounts it again.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return Part ? <Part {...props} /> : null;
  };
}
