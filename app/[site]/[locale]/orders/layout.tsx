import type { ReactNode } from "react";
import { WithAllMessages } from "@/components/intl/all-messages";
import { loadSite, type SiteParams } from "@/lib/site";

type Props = { children: ReactNode; params: Promise<SiteParams> };

/** These pages show the checkout's and orders' texts at once: every client text comes inline. */
export default async function Layout({ children, params }: Props) {
  await loadSite(await params);
  return <WithAllMessages>{children}</WithAllMessages>;
}
