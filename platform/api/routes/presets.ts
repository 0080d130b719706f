import { PlatformError } from "../../errors";
import {
  createPresetValue,
  deletePresetValue,
  getPresetFields,
  listPresets,
  listPresetValues,
  setDefaultPresetValue,
  updatePresetValue,
} from "../../services/presets";
import { PresetValueInput } from "@/lib/validation/customer-input";
import { requireCustomer } from "../auth";
import { route, type RouteContext } from "../router";

/**
 * The signed-in caller, who may name themselves in ?customerId= (spec §7) but nobody else: a
 * customer id other than the caller's is a 403, never a way into another customer's values.
 */
async function caller(ctx: RouteContext): Promise<string> {
  const { customerId } = await requireCustomer(ctx);
  const asked = ctx.query.get("customerId");
  if (asked && asked !== customerId) throw new PlatformError("SP:Forbidden", 403, "You can only see and change your own presets");
  return customerId;
}

function presetIdParam(ctx: RouteContext, required: true): string;
function presetIdParam(ctx: RouteContext, required: false): string | undefined;
function presetIdParam(ctx: RouteContext, required: boolean): string | undefined {
  const id = ctx.query.get("presetId") || undefined;
  if (required && !id) throw new PlatformError("SP:ValidationError", 400, "presetId is required", { presetId: "Required" });
  return id;
}

route("GET", "presets/presets-list", async (ctx) => {
  await caller(ctx);
  return listPresets(ctx.db, ctx.tenant.id, ctx.locale);
});

route("GET", "presets/preset-fields/:id", async (ctx) => {
  await caller(ctx);
  return getPresetFields(ctx.db, ctx.tenant.id, ctx.params.id, ctx.locale);
});

route("GET", "presets/values", async (ctx) => listPresetValues(ctx.db, ctx.tenant.id, await caller(ctx), presetIdParam(ctx, false)));

route("POST", "presets/value", async (ctx) => {
  const customerId = await caller(ctx);
  return createPresetValue(ctx.db, ctx.tenant.id, customerId, presetIdParam(ctx, true), PresetValueInput.parse(await ctx.json()));
});

route("PUT", "presets/values/:id", async (ctx) => {
  const customerId = await caller(ctx);
  return updatePresetValue(ctx.db, ctx.tenant.id, customerId, ctx.params.id, PresetValueInput.parse(await ctx.json()));
});

route("POST", "presets/set-default-group/:id", async (ctx) => setDefaultPresetValue(ctx.db, ctx.tenant.id, await caller(ctx), ctx.params.id));

route("DELETE", "presets/:id", async (ctx) => {
  await deletePresetValue(ctx.db, ctx.tenant.id, await caller(ctx), ctx.params.id);
  return null;
});
