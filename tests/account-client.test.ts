import { beforeAll, expect, it } from "vitest";
import { setPlatformDb } from "@/platform/db";
import { PlatformCallError } from "@/lib/platform-client/core";
import { listReservations, listSubscriptions } from "@/lib/platform-client/account";
import { getCustomFields, getMe, getUpload, saveCustomer, updateCustomFields, updateProfile, uploadFile } from "@/lib/platform-client/customers";
import { createPresetValue, deletePresetValue, getPresetFields, listPresets, listPresetValues, setDefaultPresetValue, updatePresetValue } from "@/lib/platform-client/presets";
import { demoCustomer, FILES, newCustomer } from "./helpers/account-api";
import { describeEachDb } from "./helpers/test-db";

// The storefront's account wrappers, against the embedded platform in-process (no PLATFORM_API_URL).
describeEachDb("platform client: the customer's account", (t) => {
  beforeAll(() => setPlatformDb({ db: t().db, kind: t().kind, close: async () => {} }));

  const codeOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof PlatformCallError ? [e.status, e.code] : e));

  it("reads and saves the profile and custom fields, uploads a file and streams it back", async () => {
    const { db, spa } = t();
    const c = await newCustomer(db, spa);
    expect((await getMe(spa, "en", c.token)).id).toBe(c.id);
    expect((await getCustomFields(spa, "en")).map((f) => f.type)).toEqual(["text", "number", "date", "select", "document", "image"]);
    expect(await updateProfile(spa, "en", c.token, { name: "Nada", email: null })).toMatchObject({ name: "Nada", email: null });
    const photo = await uploadFile(spa, c.token, new Blob([FILES.jpeg], { type: "image/jpeg" }), "custom-field");
    expect(photo).toMatchObject({ contentType: "image/jpeg", size: FILES.jpeg.length });
    const saved = await updateCustomFields(spa, "en", c.token, { national_id: "3000", profile_photo: photo.name });
    expect(saved).toMatchObject({ isProfileComplete: true, customFields: { national_id: "3000", profile_photo: photo.name } });
    expect((await saveCustomer(spa, "en", c.token, { name: "Nada S.", mobileNumber: c.mobileNumber })).name).toBe("Nada S.");

    const file = await getUpload(spa, c.token, photo.name);
    expect(file?.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await file!.arrayBuffer())).toEqual(FILES.jpeg);
    const other = await newCustomer(db, spa);
    expect(await getUpload(spa, other.token, photo.name)).toBeNull();

    expect(await codeOf(updateCustomFields(spa, "en", c.token, { age: "x" }))).toEqual([400, "SP:ValueMustBeNumber"]);
    expect(await codeOf(uploadFile(spa, c.token, new Blob([FILES.exe]), "custom-field"))).toEqual([400, "SP:UnsupportedFileType"]);
    expect(await codeOf(getMe(t().coffee, "en", c.token))).toEqual([401, "SP:TenantMismatch"]);
    expect(await codeOf(getUpload(t().coffee, c.token, photo.name))).toEqual([401, "SP:TenantMismatch"]);
  });

  it("drives presets and lists reservations and subscriptions", async () => {
    const { db, spa } = t();
    const sara = await demoCustomer(db, spa);
    const [preset] = await listPresets(spa, "en", sara.token);
    expect((await getPresetFields(spa, "ar", sara.token, preset.id)).map((f) => f.name)).toEqual(["guest_name", "relation", "age"]);
    const created = await createPresetValue(spa, "en", sara.token, preset.id, { values: { guest_name: "Maha" } });
    expect(created.isDefault).toBe(false);
    expect((await setDefaultPresetValue(spa, "en", sara.token, created.id)).isDefault).toBe(true);
    expect((await updatePresetValue(spa, "en", sara.token, created.id, { values: { age: "33" } })).values).toEqual({ guest_name: "Maha", age: "33" });
    // PGlite stamps rows with the suite's frozen clock, so creation order can tie: compare by name.
    const values = (await listPresetValues(spa, "en", sara.token, preset.id)).map((v) => [v.values.guest_name, v.isDefault]);
    expect(values.sort()).toEqual([
      ["Maha", true],
      ["Noura Al-Qahtani", false],
    ]);
    await deletePresetValue(spa, "en", sara.token, created.id);
    expect(await listPresetValues(spa, "en", sara.token)).toHaveLength(1);
    expect(await codeOf(deletePresetValue(spa, "en", sara.token, created.id))).toEqual([404, "SP:EntityNotFound"]);

    const reservations = await listReservations(spa, "en", sara.token);
    expect([reservations.upcoming.length, reservations.past.length]).toEqual([2, 1]);
    expect((await listSubscriptions(spa, "en", sara.token)).find((s) => s.packageSessionsTotal)?.packageSessionsLeft).toBe(7);
  });
});
