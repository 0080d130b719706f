import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { handlePlatformRequest } from "@/platform/api";
import type { TenantInfo } from "@/platform/api/router";
import type { Db } from "@/platform/db/client";
import { customers } from "@/platform/db/schema";
import { issueAccessToken } from "@/platform/services/access-tokens";
import { issueRefreshToken } from "@/platform/services/refresh-tokens";

export type ApiError = { code: string; message: string; details?: Record<string, unknown> };
export type ApiResult<T> = { status: number; data?: T; error?: ApiError; res: Response };

type CallOptions = {
  token?: string;
  body?: unknown;
  form?: FormData;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  locale?: string;
};

/** One platform API request through the HTTP router, as a bearer of `token`. */
export async function callApi<T = unknown>(
  db: Db,
  tenant: TenantInfo,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<ApiResult<T>> {
  const headers = new Headers({ "accept-language": opts.locale ?? "en", ...opts.headers });
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  let body: BodyInit | undefined = opts.rawBody ?? opts.form;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set("content-type", "application/json");
  }
  const init: RequestInit & { duplex?: "half" } = { method, headers, body };
  if (body instanceof ReadableStream) init.duplex = "half";
  const req = new Request(`http://${tenant.slug}.localhost/api/app/${path}`, init);
  const res = await handlePlatformRequest(req, new URL(req.url).pathname.replace(/^\/api\/app\//, ""), tenant, db);
  if (!(res.headers.get("content-type") ?? "").startsWith("application/json")) return { status: res.status, res };
  const payload = (await res.clone().json()) as { data?: T; error?: ApiError };
  return { status: res.status, data: payload.data, error: payload.error, res };
}

/** An access token for the customer in a session of their own, as a sign-in makes it (a refresh token family the token names). */
export async function accessTokenFor(db: Db, tenantId: string, customerId: string, now = new Date()): Promise<string> {
  const { familyId } = await issueRefreshToken(db, tenantId, customerId, undefined, now);
  return (await issueAccessToken(customerId, tenantId, familyId, now)).token;
}

/** A fresh customer of the tenant (a random Saudi mobile number) and an access token for them. */
export async function newCustomer(
  db: Db,
  tenant: TenantInfo,
  name = "",
): Promise<{ id: string; mobileNumber: string; token: string }> {
  // 055… is a mobile range; a random 05X could be 051/052, which are not mobile numbers.
  const mobileNumber = `+96655${randomInt(1_000_000, 10_000_000)}`;
  const [row] = await db.insert(customers).values({ tenantId: tenant.id, mobileNumber, name }).returning();
  return { id: row.id, mobileNumber, token: await accessTokenFor(db, tenant.id, row.id) };
}

/** The seeded demo customer of `spa` and a token for them. */
export async function demoCustomer(
  db: Db,
  tenant: TenantInfo,
): Promise<{ id: string; mobileNumber: string; token: string }> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, tenant.id), eq(customers.mobileNumber, "+966500000001")));
  if (!row) throw new Error("No demo customer");
  return { id: row.id, mobileNumber: row.mobileNumber, token: await accessTokenFor(db, tenant.id, row.id) };
}

/** Minimal files of each kind, by their magic bytes. */
export const FILES = {
  png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  jpeg: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]),
  gif: new TextEncoder().encode("GIF89a\x01\x00\x01\x00"),
  webp: new Uint8Array([...new TextEncoder().encode("RIFF"), 26, 0, 0, 0, ...new TextEncoder().encode("WEBPVP8 ")]),
  pdf: new TextEncoder().encode("%PDF-1.7\n%\xe2\xe3\n1 0 obj\n<<>>\nendobj\n"),
  exe: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]),
};

/** A multipart form with `file` (under a client name the platform must ignore) and `purpose`. */
export function uploadForm(
  bytes: Uint8Array,
  clientName = "photo.png",
  type = "application/octet-stream",
  purpose: string | null = "custom-field",
): FormData {
  const form = new FormData();
  if (purpose !== null) form.set("purpose", purpose);
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), clientName);
  return form;
}
