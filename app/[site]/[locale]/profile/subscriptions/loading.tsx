"use client";

import { useTranslations } from "next-intl";
import { ProfileSkeleton } from "@/components/account/profile-skeleton";

// A client component: it reads the layout's message provider, so the label is in the page's language.
export default function Loading() {
  const t = useTranslations("account");
  return <ProfileSkeleton rows={3} label={t("loading")} />;
}
