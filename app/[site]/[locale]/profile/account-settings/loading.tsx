"use client";

import { useTranslations } from "next-intl";
import { FormSkeleton } from "@/components/account/profile-skeleton";

// A client component: it reads the layout's message provider, so the label is in the page's language.
export default function Loading() {
  const t = useTranslations("account");
  return <FormSkeleton fields={6} label={t("loading")} />;
}
