import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { customers } from "@/platform/db/schema";
import type { CustomerDto, CustomFieldDefinitionDto, UploadDto } from "@/contract/dto/customers";
import { callApi, demoCustomer, FILES, newCustomer, uploadForm } from "./helpers/account-api";
import { describeEachDb } from "./helpers/test-db";

describeEachDb("customer profile and custom fields", (t) => {
  const me = (token?: string) => callApi<CustomerDto>(t().db, t().spa, "GET", "identity-customer/me", { token });
  const putFields = (token: string, customFields: Record<string, unknown>) =>
    callApi<CustomerDto>(t().db, t().spa, "PUT", "identity-customer/customer-custom-fields", {
      token,
      body: { customFields },
    });
  /** A customer whose required field is filled, so that other fields can be checked one by one. */
  const readyCustomer = async () => {
    const c = await newCustomer(t().db, t().spa, "Test");
    expect((await putFields(c.token, { national_id: "1000000001" })).status).toBe(200);
    return c;
  };

  it("answers the signed-in customer, with the profile-complete flag", async () => {
    const { db, spa } = t();
    const sara = await demoCustomer(db, spa);
    const res = await me(sara.token);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      id: sara.id,
      name: "Sara Al-Qahtani",
      mobileNumber: "+966500000001",
      email: "sara@example.com",
      phone_number: null,
      customFields: { national_id: "1023456789", preferred_therapist: "noura" },
      isProfileComplete: true,
      bookingReminders: true,
    });
    const fresh = await newCustomer(db, spa);
    expect((await me(fresh.token)).data).toMatchObject({
      id: fresh.id,
      name: "",
      email: null,
      customFields: {},
      isProfileComplete: false,
    });
  });

  it("refuses no token, a bad token, and a spa token on coffee (401)", async () => {
    const { db, spa, coffee } = t();
    expect((await me()).error?.code).toBe("SP:Unauthorized");
    expect((await me("not-a-jwt")).error?.code).toBe("SP:InvalidToken");
    const sara = await demoCustomer(db, spa);
    const onCoffee = await callApi(db, coffee, "GET", "identity-customer/me", { token: sara.token });
    expect([onCoffee.status, onCoffee.error?.code]).toEqual([401, "SP:TenantMismatch"]);
    const put = await callApi(db, coffee, "PUT", "identity-customer/", { token: sara.token, body: { name: "x" } });
    expect(put.status).toBe(401);
  });

  it('keeps the customer\'s other phone number (spec §3 phone_number): any valid number in E.164, cleared by "" or null, untouched when left out', async () => {
    const { db, spa } = t();
    const c = await newCustomer(db, spa);
    const put = (body: unknown) => callApi<CustomerDto>(db, spa, "PUT", "identity-customer/", { token: c.token, body });
    // A Riyadh landline typed as people do, in Arabic-Indic digits too.
    expect((await put({ name: "Huda", phone_number: "011 234 5678" })).data?.phone_number).toBe("+966112345678");
    expect((await me(c.token)).data?.phone_number).toBe("+966112345678");
    expect((await put({ name: "Huda", phone_number: "٠٥٠١٢٣٤٥٦٧" })).data?.phone_number).toBe("+966501234567");
    // Left out: kept (the checkout saves the name without it).
    expect((await put({ name: "Huda Ali" })).data?.phone_number).toBe("+966501234567");
    for (const phone_number of ["12", "not a number", "+1".padEnd(41, "5")]) {
      const bad = await put({ name: "Huda", phone_number });
      expect([bad.status, bad.error?.code], phone_number).toEqual([400, "SP:ValidationError"]);
    }
    expect((await me(c.token)).data?.phone_number).toBe("+966501234567");
    expect((await put({ name: "Huda", phone_number: "" })).data?.phone_number).toBeNull();
    expect((await put({ name: "Huda", phone_number: "+14155552671" })).data?.phone_number).toBe("+14155552671");
    expect((await put({ name: "Huda", phone_number: null })).data?.phone_number).toBeNull();
  });

  it("updates name (trimmed, 1–100) and email (optional, valid) with PUT identity-customer/", async () => {
    const { db, spa } = t();
    const c = await newCustomer(db, spa);
    const put = (body: unknown) => callApi<CustomerDto>(db, spa, "PUT", "identity-customer/", { token: c.token, body });
    const ok = await put({ name: "  Huda Ali  ", email: " huda@example.com " });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ name: "Huda Ali", email: "huda@example.com", isProfileComplete: false });
    expect((await put({ name: "Huda Ali", email: "" })).data?.email).toBeNull();
    expect((await put({ name: "Huda Ali" })).data?.email).toBeNull();
    for (const body of [
      { name: "   " },
      { name: "" },
      { name: "x".repeat(101) },
      { name: "a\u0000b" },
      { name: "Huda", email: "not-an-email" },
      {},
      { name: 5 },
    ]) {
      const bad = await put(body);
      expect([bad.status, bad.error?.code], JSON.stringify(body)).toEqual([400, "SP:ValidationError"]);
    }
    expect((await put({ name: "x".repeat(100) })).status).toBe(200);
    const malformed = await callApi(db, spa, "PUT", "identity-customer/", {
      token: c.token,
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.error?.code).toBe("SP:MalformedJson");
  });

  it("lists the custom field definitions localized, select options included", async () => {
    const { db, spa, coffee } = t();
    const en = await callApi<CustomFieldDefinitionDto[]>(db, spa, "GET", "customer/checkout-custom-fields");
    expect(en.data?.map((f) => [f.name, f.type, f.isRequired])).toEqual([
      ["national_id", "text", true],
      ["age", "number", false],
      ["birth_date", "date", false],
      ["preferred_therapist", "select", false],
      ["id_document", "document", false],
      ["profile_photo", "image", false],
    ]);
    expect(en.data?.[0].label).toBe("National ID number");
    expect(en.data?.[3].options).toEqual([
      { value: "noura", label: "Noura" },
      { value: "huda", label: "Huda" },
      { value: "any", label: "No preference" },
    ]);
    expect(en.data?.[0]).not.toHaveProperty("options");
    const ar = await callApi<CustomFieldDefinitionDto[]>(db, spa, "GET", "customer/checkout-custom-fields", {
      locale: "ar",
    });
    expect(ar.data?.[3].options?.[0].label).toBe("نورة");
    const coffeeFields = await callApi<CustomFieldDefinitionDto[]>(
      db,
      coffee,
      "GET",
      "customer/checkout-custom-fields",
      { locale: "ar" },
    );
    expect(coffeeFields.data).toEqual([
      { name: "company_name", label: "اسم الشركة (للفواتير)", type: "text", isRequired: false },
    ]);
  });

  it("validates every value against its definition with the spec's codes and details.field", async () => {
    const c = await readyCustomer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ national_id: "" }, "SP:CustomFieldValueIsRequired", "national_id"],
      [{ national_id: null }, "SP:CustomFieldValueIsRequired", "national_id"],
      [{ national_id: "   " }, "SP:CustomFieldValueIsRequired", "national_id"],
      [{ age: "abc" }, "SP:ValueMustBeNumber", "age"],
      [{ age: "12abc" }, "SP:ValueMustBeNumber", "age"],
      [{ age: "1e5" }, "SP:ValueMustBeNumber", "age"],
      [{ birth_date: "2024-02-30" }, "SP:ValueMustBeDate", "birth_date"],
      [{ birth_date: "01/02/1990" }, "SP:ValueMustBeDate", "birth_date"],
      [{ preferred_therapist: "someone" }, "SP:OptionIsNotValid", "preferred_therapist"],
      [{ preferred_therapist: "Noura" }, "SP:OptionIsNotValid", "preferred_therapist"],
      [{ national_id: "x".repeat(501) }, "SP:ValidationError", "national_id"],
      // PostgreSQL refuses NUL and lone surrogates inside JSON: a 400, never a 500.
      [{ national_id: "a\u0000b" }, "SP:ValidationError", "national_id"],
      [{ national_id: "a\ud800b" }, "SP:ValidationError", "national_id"],
      [{ preferred_therapist: "noura\u0000" }, "SP:ValidationError", "preferred_therapist"],
      [{ no_such_field: "1" }, "SP:ValidationError", "no_such_field"],
      [{ id_document: "not-an-upload.pdf" }, "SP:UploadNotFound", "id_document"],
    ];
    for (const [fields, code, field] of cases) {
      const res = await putFields(c.token, fields);
      expect([res.status, res.error?.code, res.error?.details], JSON.stringify(fields)).toEqual([400, code, { field }]);
    }
    // A refused save changes nothing.
    expect((await me(c.token)).data?.customFields).toEqual({ national_id: "1000000001" });
  });

  it("merges values: sent keys replace (Arabic digits made Latin, empty clears), others stay; complete once the required field is set", async () => {
    const c = await newCustomer(t().db, t().spa, "Amal");
    const required = await putFields(c.token, { age: "30" });
    expect([required.error?.code, required.error?.details]).toEqual([
      "SP:CustomFieldValueIsRequired",
      { field: "national_id" },
    ]);
    const first = await putFields(c.token, {
      national_id: " 1011 ",
      age: "٣٠",
      birth_date: "1995-06-01",
      preferred_therapist: "huda",
    });
    expect(first.data).toMatchObject({
      customFields: { national_id: "1011", age: "30", birth_date: "1995-06-01", preferred_therapist: "huda" },
      isProfileComplete: true,
    });
    const second = await putFields(c.token, { age: 31.5, preferred_therapist: "" });
    expect(second.data?.customFields).toEqual({ national_id: "1011", age: "31.5", birth_date: "1995-06-01" });
    const row = await t().db.select({ f: customers.customFields }).from(customers).where(eq(customers.id, c.id));
    expect(row[0].f).toEqual(second.data?.customFields);
  });

  it("takes document and image values only when they name this customer's own uploads (an image for an image field)", async () => {
    const { db, spa } = t();
    const c = await readyCustomer();
    const other = await readyCustomer();
    const up = async (token: string, bytes: Uint8Array) =>
      (await callApi<UploadDto>(db, spa, "POST", "customer/uploads", { token, form: uploadForm(bytes) })).data!.name;
    const pdf = await up(c.token, FILES.pdf);
    const png = await up(c.token, FILES.png);
    const othersPng = await up(other.token, FILES.png);
    const ok = await putFields(c.token, { id_document: pdf, profile_photo: png });
    expect(ok.data?.customFields).toMatchObject({ id_document: pdf, profile_photo: png });
    const notImage = await putFields(c.token, { profile_photo: pdf });
    expect([notImage.status, notImage.error?.code, notImage.error?.details]).toEqual([
      400,
      "SP:UnsupportedFileType",
      { field: "profile_photo" },
    ]);
    const stolen = await putFields(c.token, { profile_photo: othersPng });
    expect([stolen.status, stolen.error?.code, stolen.error?.details]).toEqual([
      400,
      "SP:UploadNotFound",
      { field: "profile_photo" },
    ]);
    expect((await putFields(c.token, { id_document: png })).status).toBe(200); // an image is a fine document
  });

  it("saves the own record with POST identity-customer/customer; the mobile number must be theirs", async () => {
    const { db, spa } = t();
    const c = await newCustomer(db, spa);
    const post = (body: unknown) =>
      callApi<CustomerDto>(db, spa, "POST", "identity-customer/customer", { token: c.token, body });
    const national = `0${c.mobileNumber.slice(4)}`;
    const ok = await post({
      name: " Reem ",
      mobileNumber: national,
      email: "reem@example.com",
      customFields: { national_id: "2000", age: "40" },
    });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({
      id: c.id,
      name: "Reem",
      mobileNumber: c.mobileNumber,
      email: "reem@example.com",
      customFields: { national_id: "2000", age: "40" },
      isProfileComplete: true,
    });
    const sara = await post({ name: "Reem", mobileNumber: "+966500000001" });
    expect([sara.status, sara.error?.code, sara.error?.details]).toEqual([
      400,
      "SP:ValidationError",
      { field: "mobileNumber" },
    ]);
    const badField = await post({ name: "Reem", mobileNumber: c.mobileNumber, customFields: { age: "old" } });
    expect([badField.error?.code, badField.error?.details]).toEqual(["SP:ValueMustBeNumber", { field: "age" }]);
    // Without customFields the stored ones stay.
    expect((await post({ name: "Reem A.", mobileNumber: c.mobileNumber })).data?.customFields).toEqual({
      national_id: "2000",
      age: "40",
    });
    expect((await post({ name: "Reem", mobileNumber: "" })).error?.code).toBe("SP:ValidationError");
  });

  it("turns booking reminders off and on: the state sent, never a toggle; twice at once is one state; the last of two tabs wins", async () => {
    const { db, spa } = t();
    const c = await newCustomer(db, spa);
    const other = await newCustomer(db, spa);
    const put = (bookingReminders: unknown, headers: Record<string, string> = {}) =>
      callApi<CustomerDto>(db, spa, "PUT", "identity-customer/reminders", {
        token: c.token,
        body: { bookingReminders },
        headers,
      });
    expect((await me(c.token)).data?.bookingReminders).toBe(true);
    const key = { "idempotency-key": crypto.randomUUID() };
    const twice = await Promise.all([put(false, key), put(false, key)]);
    expect(twice.map((a) => [a.status, a.data?.bookingReminders])).toEqual([
      [200, false],
      [200, false],
    ]);
    // The same state again changes nothing: a toggle would have turned them back on.
    expect((await put(false)).data?.bookingReminders).toBe(false);
    expect((await me(c.token)).data?.bookingReminders).toBe(false);
    const [row] = await db.select().from(customers).where(eq(customers.id, c.id));
    expect(row.bookingRemindersOff).toBe(true);
    // Two tabs, one after the other: the later one is what stays.
    await put(true);
    await put(false);
    await put(true);
    expect((await me(c.token)).data?.bookingReminders).toBe(true);
    for (const bad of ["false", null, 0, undefined]) {
      const refused = await put(bad);
      expect([refused.status, refused.error?.code], String(bad)).toEqual([400, "SP:ValidationError"]);
    }
    expect((await me(c.token)).data?.bookingReminders).toBe(true);
    expect((await me(other.token)).data?.bookingReminders).toBe(true);
  });

  it("only ever touches the caller's record: another customer stays as they were", async () => {
    const { db, spa } = t();
    const sara = await demoCustomer(db, spa);
    const before = (await me(sara.token)).data;
    const c = await readyCustomer();
    await callApi(db, spa, "PUT", "identity-customer/", {
      token: c.token,
      body: { name: "Intruder", email: "i@example.com" },
    });
    await putFields(c.token, { age: "99" });
    expect((await me(sara.token)).data).toEqual(before);
    expect((await me(c.token)).data).toMatchObject({ id: c.id, name: "Intruder" });
  });
});
