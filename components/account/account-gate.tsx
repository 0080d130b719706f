"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { LogIn, UserRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { SESSION_QUERY_KEY } from "@/components/auth/use-session";
import { sessionApi } from "@/lib/store-client/session";
import { requireSignIn } from "@/components/auth/sign-in-state";
import { Button } from "@/components/ui/button";
import { EmptyState } from "./empty-state";
import { ProfileSkeleton } from "./profile-skeleton";

/**
 * What a profile page shows instead of its content. "stale": the token must be refreshed, which
 * only a route handler can store: refresh once, then render the page again. "signed-out": a
 * prompt whose button opens the sign-in sheet and comes back to this page signed in.
 */
export function AccountGate({ status }: { status: "stale" | "signed-out" }) {
  const router = useRouter();
  const client = useQueryClient();
  const tried = useRef(false);
  const [refreshing, setRefreshing] = useState(status === "stale");

  useEffect(() => {
    if (status !== "stale" || tried.current) {
      setRefreshing(false);
      return;
    }
    tried.current = true;
    sessionApi
      .refresh()
      .then((view) => client.setQueryData(SESSION_QUERY_KEY, view))
      .catch(() => undefined)
      // Rendered again with the new cookie: the page, or this gate signed out.
      .finally(() => router.refresh());
  }, [status, client, router]);

  if (refreshing) return <ProfileSkeleton rows={2} />;
  return <SignInPrompt />;
}

function SignInPrompt() {
  const t = useTranslations("account.gate");
  const router = useRouter();
  return (
    <EmptyState
      icon={<UserRound className="size-7" />}
      title={t("title")}
      description={t("description")}
      action={
        <Button size="lg" onClick={() => requireSignIn(() => router.refresh())}>
          <LogIn aria-hidden="true" className="rtl:-scale-x-100" />
          {t("signIn")}
        </Button>
      }
    />
  );
}
