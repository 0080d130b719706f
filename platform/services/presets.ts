import "server-only";
import { canonicalJson } from "@/server/canonical-json";
import { and, asc, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { presets, presetValues } from "../db/schema";
import { notFound } from "../errors";
import type { Locale } from "@/contract/tenant-settings";
import type { PresetDto, PresetFieldDto, PresetValueDto } from "@/contract/dto/presets";
import type { FieldRule } from "@/rules/custom-field-values";
import type { PresetValueInput } from "@/contract/input/customers";
import { localized } from "./catalog";
import { mergeFieldValues } from "./custom-fields";
import { lockCustomer } from "./customers";
import { isUuid } from "./ids";

type Conn = Db | Tx;
type PresetRow = typeof presets.$inferSelect;
type ValueRow = typeof presetValues.$inferSelect;

// Presets belong to the tenant; their values to one customer. Every value query is scoped by the
// tenant and the caller's id, so another customer's value id answers exactly like a missing one.

const fieldsDto = (p: PresetRow, locale: Locale): PresetFieldDto[] =>
  p.fields.map((f) => ({
    name: f.name,
    label: localized(locale, f.labelAr, f.labelEn),
    type: f.type,
    isRequired: f.isRequired,
  }));

const rulesOf = (p: PresetRow): FieldRule[] =>
  p.fields.map((f) => ({ name: f.name, type: f.type, isRequired: f.isRequired }));

const valueDto = (v: ValueRow): PresetValueDto => ({
  id: v.id,
  presetId: v.presetId,
  customerId: v.customerId,
  values: v.values,
  isDefault: v.isDefault,
  createdAt: v.createdAt.toISOString(),
});

async function loadPreset(db: Conn, tenantId: string, presetId: string): Promise<PresetRow> {
  if (!isUuid(presetId)) throw notFound("Preset");
  const [row] = await db
    .select()
    .from(presets)
    .where(and(eq(presets.tenantId, tenantId), eq(presets.id, presetId)))
    .limit(1);
  if (!row) throw notFound("Preset");
  return row;
}

async function loadOwnValue(db: Conn, tenantId: string, customerId: string, valueId: string): Promise<ValueRow> {
  if (!isUuid(valueId)) throw notFound("Preset value");
  const [row] = await db
    .select()
    .from(presetValues)
    .where(
      and(eq(presetValues.tenantId, tenantId), eq(presetValues.customerId, customerId), eq(presetValues.id, valueId)),
    )
    .limit(1)
    .for("update");
  if (!row) throw notFound("Preset value");
  return row;
}

/** GET presets/presets-list. */
export async function listPresets(db: Conn, tenantId: string, locale: Locale): Promise<PresetDto[]> {
  const rows = await db
    .select()
    .from(presets)
    .where(eq(presets.tenantId, tenantId))
    .orderBy(asc(presets.sortOrder), asc(presets.id));
  return rows.map((p) => ({ id: p.id, name: localized(locale, p.nameAr, p.nameEn), fields: fieldsDto(p, locale) }));
}

/** GET presets/preset-fields/{id}. */
export async function getPresetFields(
  db: Conn,
  tenantId: string,
  presetId: string,
  locale: Locale,
): Promise<PresetFieldDto[]> {
  return fieldsDto(await loadPreset(db, tenantId, presetId), locale);
}

/** GET presets/values — the caller's values of one preset (or of all), oldest first. */
export async function listPresetValues(
  db: Conn,
  tenantId: string,
  customerId: string,
  presetId?: string,
): Promise<PresetValueDto[]> {
  if (presetId !== undefined) await loadPreset(db, tenantId, presetId);
  const rows = await db
    .select()
    .from(presetValues)
    .where(
      and(
        eq(presetValues.tenantId, tenantId),
        eq(presetValues.customerId, customerId),
        presetId !== undefined ? eq(presetValues.presetId, presetId) : undefined,
      ),
    )
    .orderBy(asc(presetValues.createdAt), asc(presetValues.id));
  return rows.map(valueDto);
}

/** Clears the default flag on the caller's other values of the preset. */
async function clearOtherDefaults(tx: Tx, tenantId: string, customerId: string, presetId: string, keepId: string) {
  await tx
    .update(presetValues)
    .set({ isDefault: false })
    .where(
      and(
        eq(presetValues.tenantId, tenantId),
        eq(presetValues.customerId, customerId),
        eq(presetValues.presetId, presetId),
        ne(presetValues.id, keepId),
      ),
    );
}

/**
 * POST presets/value — the customer's first value of a preset becomes its default. Saving values
 * the customer already has for this preset answers that saved one (made default when asked), not
 * a duplicate.
 */
export function createPresetValue(
  db: Db,
  tenantId: string,
  customerId: string,
  presetId: string,
  input: PresetValueInput,
): Promise<PresetValueDto> {
  return db.transaction(async (tx) => {
    const preset = await loadPreset(tx, tenantId, presetId);
    const values = mergeFieldValues(rulesOf(preset), {}, input.values);
    await lockCustomer(tx, tenantId, customerId);
    const mine = await tx
      .select()
      .from(presetValues)
      .where(
        and(
          eq(presetValues.tenantId, tenantId),
          eq(presetValues.customerId, customerId),
          eq(presetValues.presetId, preset.id),
        ),
      );
    const same = mine.find((row) => canonicalJson(row.values) === canonicalJson(values));
    if (same) {
      if (!input.isDefault || same.isDefault) return valueDto(same);
      await clearOtherDefaults(tx, tenantId, customerId, preset.id, same.id);
      const [row] = await tx
        .update(presetValues)
        .set({ isDefault: true })
        .where(eq(presetValues.id, same.id))
        .returning();
      return valueDto(row);
    }
    const [existingDefault] = await tx
      .select({ id: presetValues.id })
      .from(presetValues)
      .where(
        and(
          eq(presetValues.tenantId, tenantId),
          eq(presetValues.customerId, customerId),
          eq(presetValues.presetId, preset.id),
          eq(presetValues.isDefault, true),
        ),
      )
      .limit(1);
    const isDefault = input.isDefault ?? !existingDefault;
    const [row] = await tx
      .insert(presetValues)
      .values({ tenantId, customerId, presetId: preset.id, values, isDefault })
      .returning();
    if (isDefault) await clearOtherDefaults(tx, tenantId, customerId, preset.id, row.id);
    return valueDto(row);
  });
}

/** PUT presets/values/{id} — fields sent replace theirs (see mergeFieldValues); isDefault optional. */
export function updatePresetValue(
  db: Db,
  tenantId: string,
  customerId: string,
  valueId: string,
  input: PresetValueInput,
): Promise<PresetValueDto> {
  return db.transaction(async (tx) => {
    const current = await loadOwnValue(tx, tenantId, customerId, valueId);
    const preset = await loadPreset(tx, tenantId, current.presetId);
    const values = mergeFieldValues(rulesOf(preset), current.values, input.values);
    const isDefault = input.isDefault ?? current.isDefault;
    const [row] = await tx
      .update(presetValues)
      .set({ values, isDefault })
      .where(and(eq(presetValues.tenantId, tenantId), eq(presetValues.id, current.id)))
      .returning();
    if (isDefault) await clearOtherDefaults(tx, tenantId, customerId, current.presetId, current.id);
    return valueDto(row);
  });
}

/** POST presets/set-default-group/{id} — this value becomes its preset's only default, in one transaction. */
export function setDefaultPresetValue(
  db: Db,
  tenantId: string,
  customerId: string,
  valueId: string,
): Promise<PresetValueDto> {
  return db.transaction(async (tx) => {
    const current = await loadOwnValue(tx, tenantId, customerId, valueId);
    await clearOtherDefaults(tx, tenantId, customerId, current.presetId, current.id);
    const [row] = await tx
      .update(presetValues)
      .set({ isDefault: true })
      .where(and(eq(presetValues.tenantId, tenantId), eq(presetValues.id, current.id)))
      .returning();
    return valueDto(row);
  });
}

/** DELETE presets/{id} — deletes the caller's preset value with that id. */
export async function deletePresetValue(
  db: Conn,
  tenantId: string,
  customerId: string,
  valueId: string,
): Promise<void> {
  if (!isUuid(valueId)) throw notFound("Preset value");
  const deleted = await db
    .delete(presetValues)
    .where(
      and(eq(presetValues.tenantId, tenantId), eq(presetValues.customerId, customerId), eq(presetValues.id, valueId)),
    )
    .returning({ id: presetValues.id });
  if (deleted.length === 0) throw notFound("Preset value");
}
