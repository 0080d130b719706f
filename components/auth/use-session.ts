"use client";

import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/components/toast";
import { useFailureMessage } from "@/lib/use-failure-message";
import type { SessionView } from "@/contract/store/session";
import { sessionApi } from "@/lib/store-client/session";
import { setKnownSignedIn } from "./sign-in-state";

export const SESSION_QUERY_KEY = ["session"] as const;

/** Spec §9: the access token is refreshed 10 s before it expires. */
export const SESSION_REFRESH_LEAD_MS = 10_000;
// setTimeout takes at most a signed 32-bit delay; a longer wait would fire at once.
const MAX_TIMER_MS = 2 ** 31 - 1;

// One timer per page, whichever components read the session: two timers would refresh twice.
let timer: ReturnType<typeof setTimeout> | null = null;
let scheduledFor: number | null = null;

/** The delay before refreshing a token that expires at `expiresAt` (never negative). */
export function refreshDelay(expiresAt: number, now: number): number {
  return Math.min(MAX_TIMER_MS, Math.max(0, expiresAt - SESSION_REFRESH_LEAD_MS - now));
}

function scheduleRefresh(client: QueryClient, expiresAt: number | null) {
  if (expiresAt === scheduledFor) return;
  if (timer) clearTimeout(timer);
  timer = null;
  scheduledFor = expiresAt;
  if (expiresAt === null) return;
  timer = setTimeout(
    async () => {
      timer = null;
      scheduledFor = null;
      try {
        client.setQueryData(SESSION_QUERY_KEY, await sessionApi.refresh());
      } catch {
        // Offline or an outage: read the session again, which refreshes on the server when it can.
        void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      }
    },
    refreshDelay(expiresAt, Date.now()),
  );
}

/** Who is signed in (null when nobody), kept fresh: the refresh is scheduled before the token expires. */
export function useSession() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: () => sessionApi.get() });
  const session: SessionView | null = query.data ?? null;
  const expiresAt = session?.accessExpiresAt ?? null;
  useEffect(() => {
    if (query.isSuccess) setKnownSignedIn(session !== null);
  }, [query.isSuccess, session]);
  useEffect(() => scheduleRefresh(client, expiresAt), [client, expiresAt]);
  return { session, customer: session?.customer ?? null, isSignedIn: session !== null, isPending: query.isPending };
}

/** Stores a fresh sign-in: the session, and a cart re-read (the guest cart is now the customer's). */
export function useApplySignIn() {
  const client = useQueryClient();
  return (session: SessionView) => {
    client.setQueryData(SESSION_QUERY_KEY, session);
    setKnownSignedIn(true);
    void client.invalidateQueries({ queryKey: ["cart"] });
  };
}

/** Logout: tokens revoked and the session and cart cookies cleared by the BFF; the page re-renders signed out. */
export function useSignOut() {
  const client = useQueryClient();
  const router = useRouter();
  const t = useTranslations("account.session");
  // Not through use-session-error-message: that module carries the sign-in sheet's wording too.
  const errorMessage = useFailureMessage();
  return useMutation({
    mutationFn: () => sessionApi.logout(),
    onSuccess: () => {
      client.setQueryData(SESSION_QUERY_KEY, null);
      client.setQueriesData({ queryKey: ["cart"] }, null);
      setKnownSignedIn(false);
      toast.success(t("signedOut"));
      router.refresh();
    },
    onError: (err) => {
      toast.error(errorMessage(err), { duration: 6000 });
    },
  });
}
