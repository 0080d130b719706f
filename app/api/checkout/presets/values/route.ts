import { z } from "zod";
import { bffRoute, platformFor, readJson } from "@/lib/cart/bff";
import { requireToken } from "@/lib/session/session-view";
import { PresetValueInput } from "@/contract/input/customers";

export const dynamic = "force-dynamic";

const presetId = z.string().trim().min(1).max(64);

/** Saves the checkout's values as a new value of the preset (?presetId=); answers it. */
export const POST = bffRoute(async (ctx) => {
  const id = presetId.parse(new URL(ctx.req.url).searchParams.get("presetId") ?? "");
  const input = PresetValueInput.parse(await readJson(ctx.req));
  return platformFor(ctx, await requireToken(ctx)).presets.create({ query: { presetId: id }, body: input });
});
