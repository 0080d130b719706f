"use client";

import dynamic from "next/dynamic";
import type { PromoProps } from "./promo-loader";

// The widgets' code is not in the product page's first load: it arrives after hydration.
const PromoLoader = dynamic(() => import("./promo-loader").then((m) => m.PromoLoader), { ssr: false });

export function PromoScripts(props: PromoProps) {
  return <PromoLoader {...props} />;
}
