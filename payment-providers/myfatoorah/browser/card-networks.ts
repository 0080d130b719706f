import type { PaymentMethod } from "@/contract/tenant-settings";

/**
 * The card networks the embedded MyFatoorah form accepts (spec §9): MADA ⇒ md, VISA ⇒ v and m
 * (Visa and Mastercard), as its comma text ("md,v,m"). An empty text means no card method.
 */
export function myfatoorahNetworks(enabled: readonly PaymentMethod[]): string {
  const networks: string[] = [];
  if (enabled.includes("MADA")) networks.push("md");
  if (enabled.includes("VISA")) networks.push("v", "m");
  return networks.join(",");
}
