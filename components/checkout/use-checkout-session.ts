"use client";

import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { SESSION_QUERY_KEY } from "@/components/auth/use-session";
import { setKnownSignedIn } from "@/components/auth/sign-in-state";
import { StoreApiError } from "@/lib/client-fetch";

/** A checkout call refused because the session ended meanwhile (signed out elsewhere, expired). */
export function isSessionLost(err: unknown): boolean {
  return err instanceof StoreApiError && err.status === 401;
}

/** Records that nobody is signed in any more, so that the next step asks for sign-in again. */
export function useMarkSignedOut() {
  const client = useQueryClient();
  return useCallback(() => {
    client.setQueryData(SESSION_QUERY_KEY, null);
    setKnownSignedIn(false);
  }, [client]);
}
