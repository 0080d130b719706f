import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { presetValues } from "@/platform/db/schema";
import type { PresetDto, PresetFieldDto, PresetValueDto } from "@/contract/dto/presets";
import { callApi, demoCustomer, newCustomer } from "./helpers/account-api";
import { describeEachDb } from "./helpers/test-db";

describeEachDb("presets", (t) => {
  const api = <T>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callApi<T>(t().db, t().spa, method, path, { token, body });
  const guestPreset = async (token: string) => (await api<PresetDto[]>(token, "GET", "presets/presets-list")).data![0];

  it("lists the tenant's presets and their fields, localized", async () => {
    const c = await newCustomer(t().db, t().spa);
    const list = await api<PresetDto[]>(c.token, "GET", "presets/presets-list");
    expect(list.data).toEqual([
      {
        id: expect.any(String),
        name: "Guest details",
        fields: [
          { name: "guest_name", label: "Guest name", type: "text", isRequired: true },
          { name: "relation", label: "Relation", type: "text", isRequired: false },
          { name: "age", label: "Age", type: "number", isRequired: false },
        ],
      },
    ]);
    const fields = await callApi<PresetFieldDto[]>(
      t().db,
      t().spa,
      "GET",
      `presets/preset-fields/${list.data![0].id}`,
      { token: c.token, locale: "ar" },
    );
    expect(fields.data?.map((f) => f.label)).toEqual(["اسم الضيف", "صلة القرابة", "العمر"]);
    for (const id of ["00000000-0000-0000-0000-000000000000", "not-a-uuid"]) {
      expect((await api(c.token, "GET", `presets/preset-fields/${id}`)).error?.code).toBe("SP:EntityNotFound");
    }
    const coffeeCustomer = await newCustomer(t().db, t().coffee);
    expect(
      (await callApi<PresetDto[]>(t().db, t().coffee, "GET", "presets/presets-list", { token: coffeeCustomer.token }))
        .data,
    ).toEqual([]);
    const foreign = await callApi(t().db, t().coffee, "GET", `presets/preset-fields/${list.data![0].id}`, {
      token: coffeeCustomer.token,
    });
    expect(foreign.status).toBe(404);
  });

  it("needs a token of this store", async () => {
    const sara = await demoCustomer(t().db, t().spa);
    for (const [method, path] of [
      ["GET", "presets/presets-list"],
      ["GET", "presets/values"],
      ["POST", "presets/value"],
      ["DELETE", "presets/00000000-0000-0000-0000-000000000000"],
    ]) {
      expect((await api(undefined, method, path)).status, path).toBe(401);
      expect((await callApi(t().db, t().coffee, method, path, { token: sara.token })).error?.code, path).toBe(
        "SP:TenantMismatch",
      );
    }
  });

  it("creates, lists, updates, sets the default and deletes the caller's values", async () => {
    const { db, spa } = t();
    const c = await newCustomer(db, spa);
    const preset = await guestPreset(c.token);
    expect((await api<PresetValueDto[]>(c.token, "GET", `presets/values?presetId=${preset.id}`)).data).toEqual([]);

    const first = await api<PresetValueDto>(c.token, "POST", `presets/value?presetId=${preset.id}&customerId=${c.id}`, {
      values: { guest_name: " Lama ", age: "٩" },
    });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      presetId: preset.id,
      customerId: c.id,
      values: { guest_name: "Lama", age: "9" },
      isDefault: true,
    });
    const second = await api<PresetValueDto>(c.token, "POST", `presets/value?presetId=${preset.id}`, {
      values: { guest_name: "Fahad", relation: "Brother" },
    });
    expect(second.data?.isDefault).toBe(false);

    // Values come oldest first, but PGlite stamps rows with the suite's frozen clock: compare by name.
    const defaults = async () =>
      (await api<PresetValueDto[]>(c.token, "GET", `presets/values?presetId=${preset.id}&customerId=${c.id}`))
        .data!.map((v) => [v.values.guest_name, v.isDefault])
        .sort((a, b) => String(b[0]).localeCompare(String(a[0])));
    expect(await defaults()).toEqual([
      ["Lama", true],
      ["Fahad", false],
    ]);

    const made = await api<PresetValueDto>(c.token, "POST", `presets/set-default-group/${second.data!.id}`);
    expect(made.data?.isDefault).toBe(true);
    expect(await defaults()).toEqual([
      ["Lama", false],
      ["Fahad", true],
    ]);

    const updated = await api<PresetValueDto>(c.token, "PUT", `presets/values/${first.data!.id}`, {
      values: { relation: "Friend" },
      isDefault: true,
    });
    expect(updated.data).toMatchObject({
      values: { guest_name: "Lama", age: "9", relation: "Friend" },
      isDefault: true,
    });
    expect(await defaults()).toEqual([
      ["Lama", true],
      ["Fahad", false],
    ]);
    const rows = await db
      .select()
      .from(presetValues)
      .where(and(eq(presetValues.customerId, c.id), eq(presetValues.isDefault, true)));
    expect(rows).toHaveLength(1);

    expect((await api(c.token, "DELETE", `presets/${second.data!.id}`)).data).toBeNull();
    expect(await defaults()).toEqual([["Lama", true]]);
    expect((await api(c.token, "DELETE", `presets/${second.data!.id}`)).status).toBe(404);
    expect((await api<PresetValueDto[]>(c.token, "GET", "presets/values")).data).toHaveLength(1);
  });

  it("saving values the customer already has answers the saved one, not a duplicate (spaces and digits read as saved)", async () => {
    const { db, spa } = t();
    const c = await newCustomer(db, spa);
    const preset = await guestPreset(c.token);
    const save = (values: Record<string, string>, isDefault?: boolean) =>
      api<PresetValueDto>(c.token, "POST", `presets/value?presetId=${preset.id}`, {
        values,
        ...(isDefault === undefined ? {} : { isDefault }),
      });
    const first = await save({ guest_name: "Lama", age: "9" });
    const other = await save({ guest_name: "Fahad" });
    const again = await save({ age: "٩", guest_name: " Lama " });
    expect(again.data?.id).toBe(first.data!.id);
    expect((await api<PresetValueDto[]>(c.token, "GET", `presets/values?presetId=${preset.id}`)).data).toHaveLength(2);
    // Saved again as the default: the same value becomes the default, still no duplicate.
    const asDefault = await save({ guest_name: "Fahad" }, true);
    expect(asDefault.data).toMatchObject({ id: other.data!.id, isDefault: true });
    const values = (await api<PresetValueDto[]>(c.token, "GET", `presets/values?presetId=${preset.id}`)).data!;
    expect(values).toHaveLength(2);
    expect(values.filter((v) => v.isDefault).map((v) => v.id)).toEqual([other.data!.id]);
  });

  it("the same values saved twice at once (a double tap, two tabs) are saved once, and the first is the only default", async () => {
    const { db, spa } = t();
    const c = await newCustomer(db, spa);
    const preset = await guestPreset(c.token);
    const both = await Promise.all(
      Array.from({ length: 3 }, () =>
        api<PresetValueDto>(c.token, "POST", `presets/value?presetId=${preset.id}`, {
          values: { guest_name: "Lama", age: "9" },
        }),
      ),
    );
    expect(new Set(both.map((r) => r.data?.id)).size).toBe(1);
    const rows = await db.select().from(presetValues).where(eq(presetValues.customerId, c.id));
    expect(rows.map((r) => r.isDefault)).toEqual([true]);
  });

  it("validates values against the preset's fields", async () => {
    const c = await newCustomer(t().db, t().spa);
    const preset = await guestPreset(c.token);
    const post = (body: unknown, q = `presetId=${preset.id}`) =>
      api<PresetValueDto>(c.token, "POST", `presets/value?${q}`, body);
    const cases: [unknown, string, unknown][] = [
      [{ values: { relation: "Aunt" } }, "SP:CustomFieldValueIsRequired", { field: "guest_name" }],
      [{ values: { guest_name: "A", age: "ten" } }, "SP:ValueMustBeNumber", { field: "age" }],
      [{ values: { guest_name: "A", colour: "red" } }, "SP:ValidationError", { field: "colour" }],
    ];
    for (const [body, code, details] of cases) {
      const res = await post(body);
      expect([res.status, res.error?.code, res.error?.details]).toEqual([400, code, details]);
    }
    expect((await post({})).error?.code).toBe("SP:ValidationError");
    expect((await post({ values: { guest_name: "A" } }, "")).error?.code).toBe("SP:ValidationError");
    expect((await post({ values: { guest_name: "A" } }, "presetId=00000000-0000-0000-0000-000000000000")).status).toBe(
      404,
    );
    const value = (await post({ values: { guest_name: "A" } })).data!;
    const cleared = await api(c.token, "PUT", `presets/values/${value.id}`, { values: { guest_name: "" } });
    expect(cleared.error?.code).toBe("SP:CustomFieldValueIsRequired");
  });

  it("keeps customers out of each other's values: 404 by id, 403 for another customerId", async () => {
    const { db, spa } = t();
    const sara = await demoCustomer(db, spa);
    const intruder = await newCustomer(db, spa);
    const preset = await guestPreset(sara.token);
    const saras = (await api<PresetValueDto[]>(sara.token, "GET", `presets/values?presetId=${preset.id}`)).data!;
    expect(saras.map((v) => v.values.guest_name)).toEqual(["Noura Al-Qahtani"]);
    const id = saras[0].id;

    expect((await api<PresetValueDto[]>(intruder.token, "GET", `presets/values?presetId=${preset.id}`)).data).toEqual(
      [],
    );
    for (const [method, path, body] of [
      ["PUT", `presets/values/${id}`, { values: { guest_name: "Hacked" } }],
      ["POST", `presets/set-default-group/${id}`, undefined],
      ["DELETE", `presets/${id}`, undefined],
    ] as const) {
      const res = await api(intruder.token, method, path, body);
      expect([res.status, res.error?.code], `${method} ${path}`).toEqual([404, "SP:EntityNotFound"]);
    }
    for (const [method, path] of [
      ["GET", `presets/values?presetId=${preset.id}&customerId=${sara.id}`],
      ["POST", `presets/value?presetId=${preset.id}&customerId=${sara.id}`],
      ["PUT", `presets/values/${id}?customerId=${sara.id}`],
      ["DELETE", `presets/${id}?customerId=${sara.id}`],
    ] as const) {
      const res = await api(
        intruder.token,
        method,
        path,
        method === "GET" ? undefined : { values: { guest_name: "Hacked" } },
      );
      expect([res.status, res.error?.code], `${method} ${path}`).toEqual([403, "SP:Forbidden"]);
    }
    // Sara's value is untouched and still her default; a coffee customer cannot reach it either.
    expect((await api<PresetValueDto[]>(sara.token, "GET", "presets/values")).data).toEqual(saras);
    const coffeeCustomer = await newCustomer(db, t().coffee);
    expect((await callApi(db, t().coffee, "DELETE", `presets/${id}`, { token: coffeeCustomer.token })).status).toBe(
      404,
    );
    expect((await api<PresetValueDto[]>(sara.token, "GET", "presets/values")).data).toHaveLength(1);
  });
});
