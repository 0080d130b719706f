import "server-only";
import { and, eq } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { Db, Tx } from "../db/client";
import { customers } from "../db/schema";
import { PlatformError, validation } from "../errors";
import type { CustomerDto } from "@/contract/dto/customers";
import type { FieldRule } from "@/rules/custom-field-values";
import type { SaveCustomerInput, UpdateProfileInput } from "@/contract/input/customers";
import { normalizePhone } from "@/rules/phone-number";
import { checkUploadValues, isProfileComplete, loadCustomFieldDefinitions, mergeFieldValues } from "./custom-fields";

type Conn = Db | Tx;
type CustomerRow = typeof customers.$inferSelect;

// Every read and write here is scoped by the tenant and the signed-in customer's id (from the
// bearer token): a customer can only ever see or change their own record.

async function loadRules(db: Conn, tenantId: string): Promise<FieldRule[]> {
  return (await loadCustomFieldDefinitions(db, tenantId)).map((d) => ({
    name: d.name,
    type: d.type,
    isRequired: d.isRequired,
    options: d.options,
  }));
}

async function loadCustomer(db: Conn, tenantId: string, customerId: string, forUpdate = false): Promise<CustomerRow> {
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
    .limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  // A valid token whose customer is gone is no session at all: 401 makes the storefront sign out.
  if (!row) throw new PlatformError("SP:InvalidToken", 401, "The access token is not valid");
  return row;
}

/**
 * Locks the customer's row for the rest of the transaction: a customer's concurrent saves (two
 * taps, two tabs) then run one after another, so limits and "already saved" checks hold.
 */
export async function lockCustomer(tx: Conn, tenantId: string, customerId: string): Promise<void> {
  await loadCustomer(tx, tenantId, customerId, true);
}

export function toCustomerDto(row: CustomerRow, rules: FieldRule[]): CustomerDto {
  return {
    id: row.id,
    name: row.name,
    mobileNumber: row.mobileNumber,
    email: row.email,
    phone_number: row.phoneNumber,
    customFields: row.customFields,
    isProfileComplete: isProfileComplete(row.name, row.customFields, rules),
    bookingReminders: !row.bookingRemindersOff,
  };
}

/** GET identity-customer/me (also what sign-in answers with as `customer`). */
export async function getCustomer(db: Conn, tenantId: string, customerId: string): Promise<CustomerDto> {
  const [row, rules] = await Promise.all([loadCustomer(db, tenantId, customerId), loadRules(db, tenantId)]);
  return toCustomerDto(row, rules);
}

/** The phone number in E.164 when the request gives one (or clears it); left out, it stays; not a phone number ⇒ 400. */
function phoneOf(input: Pick<UpdateProfileInput, "phone_number">): { phoneNumber?: string | null } {
  if (input.phone_number === undefined) return {};
  if (input.phone_number === null || input.phone_number === "") return { phoneNumber: null };
  const phoneNumber = normalizePhone(input.phone_number);
  if (!phoneNumber) throw validation("The phone number is not valid", { phone_number: "validation.invalid" });
  return { phoneNumber };
}

async function write(
  db: Conn,
  tenantId: string,
  customerId: string,
  values: Partial<Pick<CustomerRow, "name" | "email" | "phoneNumber" | "customFields" | "bookingRemindersOff">>,
): Promise<CustomerRow> {
  const [row] = await db
    .update(customers)
    .set(values)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
    .returning();
  if (!row) throw new PlatformError("SP:InvalidToken", 401, "The access token is not valid");
  return row;
}

/** PUT identity-customer/ — name, email and phone_number only. */
export async function updateProfile(
  db: Conn,
  tenantId: string,
  customerId: string,
  input: UpdateProfileInput,
): Promise<CustomerDto> {
  const row = await write(db, tenantId, customerId, { name: input.name, email: input.email, ...phoneOf(input) });
  return toCustomerDto(row, await loadRules(db, tenantId));
}

/**
 * PUT identity-customer/reminders — the profile's switch. A reminder already written is not
 * cancelled: whether it goes is decided when it is due (platform/notify/render-reminder.ts), so
 * turning reminders back on before then brings it back.
 */
export async function setBookingReminders(
  db: Conn,
  tenantId: string,
  customerId: string,
  on: boolean,
): Promise<CustomerDto> {
  const row = await write(db, tenantId, customerId, { bookingRemindersOff: !on });
  return toCustomerDto(row, await loadRules(db, tenantId));
}

/** The applied and checked custom-field values (see mergeFieldValues), uploads included. */
async function nextFieldValues(
  db: Conn,
  tenantId: string,
  customerId: string,
  rules: FieldRule[],
  current: Record<string, string>,
  changes: Record<string, string | number | null>,
) {
  const values = mergeFieldValues(rules, current, changes);
  await checkUploadValues(db, tenantId, customerId, rules, values);
  return values;
}

// Field updates merge over the stored map: the row is locked from read to write so that two
// saves at once cannot drop each other's fields.

/** PUT identity-customer/customer-custom-fields. */
export function updateCustomFields(
  db: Db,
  tenantId: string,
  customerId: string,
  changes: Record<string, string | number | null>,
): Promise<CustomerDto> {
  return db.transaction(async (tx) => {
    const current = await loadCustomer(tx, tenantId, customerId, true);
    const rules = await loadRules(tx, tenantId);
    const customFields = await nextFieldValues(tx, tenantId, customerId, rules, current.customFields, changes);
    return toCustomerDto(await write(tx, tenantId, customerId, { customFields }), rules);
  });
}

/** The same number, however it is typed ("05…", "+966 5…", "00966…"). */
function sameMobile(input: string, e164: string): boolean {
  return parsePhoneNumberFromString(input, "SA")?.number === e164;
}

/**
 * POST identity-customer/customer — the signed-in customer's own record (checkout's customer step).
 * The mobile number is the one they signed in with and cannot be changed here.
 */
export function saveCustomer(
  db: Db,
  tenantId: string,
  customerId: string,
  input: SaveCustomerInput,
): Promise<CustomerDto> {
  return db.transaction(async (tx) => {
    const current = await loadCustomer(tx, tenantId, customerId, true);
    if (!sameMobile(input.mobileNumber, current.mobileNumber)) {
      throw new PlatformError("SP:ValidationError", 400, "The mobile number is the one you signed in with", {
        field: "mobileNumber",
      });
    }
    const rules = await loadRules(tx, tenantId);
    const customFields = input.customFields
      ? await nextFieldValues(tx, tenantId, customerId, rules, current.customFields, input.customFields)
      : current.customFields;
    return toCustomerDto(
      await write(tx, tenantId, customerId, { name: input.name, email: input.email, ...phoneOf(input), customFields }),
      rules,
    );
  });
}
