import { bffRoute, platformFor } from "@/lib/cart/bff";
import type { CheckoutPresetDto } from "@/components/checkout/checkout-api";
import { requireToken } from "@/lib/session/session-view";

export const dynamic = "force-dynamic";

/** The tenant's presets, each with the signed-in customer's saved values (default first). */
export const GET = bffRoute(async (ctx): Promise<CheckoutPresetDto[]> => {
  const api = platformFor(ctx, await requireToken(ctx));
  const [presets, values] = await Promise.all([api.presets.list(), api.presets.values()]);
  return presets.map((preset) => ({
    ...preset,
    values: values.filter((v) => v.presetId === preset.id).sort((a, b) => Number(b.isDefault) - Number(a.isDefault)),
  }));
});
