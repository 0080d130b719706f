"use client";

import { useId, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { BellRing } from "lucide-react";
import { toast } from "@/components/toast";
import { SESSION_QUERY_KEY } from "@/components/auth/use-session";
import { requireSignIn, setKnownSignedIn } from "@/components/auth/sign-in-state";
import { Switch } from "@/components/ui/switch";
import type { SessionView } from "@/contract/store/session";
import type { CustomerDto } from "@/contract/dto/customers";
import { StoreApiError } from "@/lib/client-fetch";
import { failureMessageKey } from "@/lib/errors";
import { accountApi } from "@/lib/store-client/account";

/**
 * The profile's booking reminders switch, saved as it is switched. Each save sends the state
 * wanted, one at a time: taps made while one is on its way are folded into the next, so the last
 * tap is what the store keeps; once nothing is pending the switch shows what the store answered.
 */
export function RemindersSwitch({ customer }: { customer: Pick<CustomerDto, "bookingReminders"> }) {
  const t = useTranslations("account.settings.reminders");
  const tErrors = useTranslations("errors");
  const locale = useLocale();
  const client = useQueryClient();
  const baseId = useId();
  const [saved, setSaved] = useState(customer.bookingReminders);
  const [wanted, setWanted] = useState<boolean | null>(null);
  const next = useRef<boolean | null>(null);
  const sending = useRef(false);
  const savedRef = useRef(customer.bookingReminders);

  const send = async () => {
    if (sending.current) return;
    sending.current = true;
    let target: boolean | null = null;
    try {
      while (next.current !== null) {
        target = next.current;
        next.current = null;
        if (target === savedRef.current) continue;
        const answer = await accountApi.updateReminders({ body: { bookingReminders: target } }, { locale });
        savedRef.current = answer.bookingReminders;
        setSaved(answer.bookingReminders);
        client.setQueryData<SessionView | null>(SESSION_QUERY_KEY, (old) => (old ? { ...old, customer: answer } : old));
        if (next.current === null) toast.success(t(answer.bookingReminders ? "on" : "off"));
      }
    } catch (err) {
      const retry = next.current ?? target;
      next.current = null;
      if (err instanceof StoreApiError && err.status === 401) {
        // The session ended meanwhile: sign in again, then the same choice is saved.
        client.setQueryData(SESSION_QUERY_KEY, null);
        setKnownSignedIn(false);
        requireSignIn(() => choose(retry ?? savedRef.current));
      } else {
        toast.error(tErrors(failureMessageKey(err)), { duration: 6000 });
      }
    } finally {
      sending.current = false;
      if (next.current === null) setWanted(null);
    }
  };

  const choose = (on: boolean) => {
    next.current = on;
    setWanted(on);
    void send();
  };

  const busy = wanted !== null;
  return (
    <section
      aria-labelledby={`${baseId}-title`}
      className="grid gap-4 rounded-2xl border border-border bg-card p-5 shadow-soft sm:p-6"
    >
      <h2 id={`${baseId}-title`} className="text-lg font-semibold">
        {t("title")}
      </h2>
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary"
        >
          <BellRing className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${baseId}-switch`} className="block cursor-pointer font-medium">
            {t("label")}
          </label>
          <p id={`${baseId}-hint`} className="mt-0.5 text-sm text-muted-foreground">
            {t("hint")}
          </p>
        </div>
        <Switch
          id={`${baseId}-switch`}
          checked={wanted ?? saved}
          onChange={(e) => choose(e.target.checked)}
          aria-describedby={`${baseId}-hint`}
          aria-busy={busy || undefined}
          className="mt-1"
        />
      </div>
    </section>
  );
}
