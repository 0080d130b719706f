import "server-only";
import type { Locale } from "@/lib/tenant-config";
import { PlatformCallError, platformCall, platformFetchRaw } from "./core";
import type {
  ApiEnvelope,
  CustomerDto,
  CustomFieldDefinitionDto,
  SaveCustomerInput,
  TenantRef,
  UpdateCustomFieldsInput,
  UpdateProfileInput,
  UploadDto,
  UploadPurpose,
} from "./types";

// The signed-in customer's profile (spec §7 identity-customer). Every call but the field
// definitions needs the customer's access token; rule violations throw PlatformCallError with the
// SP: code (custom-field errors carry details.field).

/** The signed-in customer. */
export function getMe(tenant: TenantRef, locale: Locale, token: string): Promise<CustomerDto> {
  return platformCall<CustomerDto>(tenant, "GET", "identity-customer/me", { locale, token });
}

/** PUT identity-customer/ — name and email. */
export function updateProfile(tenant: TenantRef, locale: Locale, token: string, input: UpdateProfileInput): Promise<CustomerDto> {
  return platformCall<CustomerDto>(tenant, "PUT", "identity-customer/", { locale, token, body: input });
}

/** POST identity-customer/customer — name, email and custom fields at once (checkout's customer step). */
export function saveCustomer(tenant: TenantRef, locale: Locale, token: string, input: SaveCustomerInput): Promise<CustomerDto> {
  return platformCall<CustomerDto>(tenant, "POST", "identity-customer/customer", { locale, token, body: input });
}

/** PUT identity-customer/customer-custom-fields — merged over the stored values. */
export function updateCustomFields(tenant: TenantRef, locale: Locale, token: string, customFields: UpdateCustomFieldsInput["customFields"]): Promise<CustomerDto> {
  return platformCall<CustomerDto>(tenant, "PUT", "identity-customer/customer-custom-fields", { locale, token, body: { customFields } });
}

/** The tenant's custom field definitions, labels in `locale` (public). */
export function getCustomFields(tenant: TenantRef, locale: Locale): Promise<CustomFieldDefinitionDto[]> {
  return platformCall<CustomFieldDefinitionDto[]>(tenant, "GET", "customer/checkout-custom-fields", { locale });
}

/**
 * Uploads a document or image for a custom field. The platform sniffs the type from the bytes
 * (PNG, JPEG, GIF, WebP, PDF) and refuses more than 5 MB; the answer's `name` is the field value.
 */
export async function uploadFile(tenant: TenantRef, token: string, file: Blob, purpose: UploadPurpose = "custom-field", locale: Locale = "ar"): Promise<UploadDto> {
  const form = new FormData();
  form.set("purpose", purpose);
  // The platform never uses the client's file name; "upload" keeps the part a file part.
  form.set("file", file, "upload");
  const res = await platformFetchRaw(tenant, "POST", "customer/uploads", { token, locale, body: form });
  const payload = (await res.json().catch(() => null)) as ApiEnvelope<UploadDto> | null;
  if (!payload) throw new PlatformCallError(res.status, { code: "SP:BadGateway", message: "The platform answered with no JSON" });
  if ("error" in payload) throw new PlatformCallError(res.status, payload.error);
  return payload.data;
}

/**
 * One of the customer's uploads as the platform's Response (body = the bytes, content-type =
 * the sniffed type), ready to stream on; null when it is not theirs or does not exist.
 */
export async function getUpload(tenant: TenantRef, token: string, name: string): Promise<Response | null> {
  const res = await platformFetchRaw(tenant, "GET", `customer/uploads/${encodeURIComponent(name)}`, { token });
  if (res.ok) return res;
  if (res.status === 404) return null;
  const payload = (await res.json().catch(() => null)) as ApiEnvelope<never> | null;
  throw new PlatformCallError(res.status, payload && "error" in payload ? payload.error : { code: "SP:BadGateway", message: "The platform answered with no JSON" });
}
