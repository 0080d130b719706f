import "server-only";
import { randomUUID } from "node:crypto";
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { uploads } from "../db/schema";
import { notFound, PlatformError } from "../errors";
import { UPLOAD_FILE_LIMIT } from "@/contract/limits";
import type { UploadDto } from "@/contract/dto/customers";

export type SniffedType = { contentType: string; ext: string };

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The file's type from its first bytes, or null for anything but PNG, JPEG, GIF, WebP and PDF.
 * Never from the name or a declared content type: an .exe renamed .pdf is still an .exe.
 */
export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: "image/png", ext: "png" };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", ext: "jpg" };
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a")))
    return { contentType: "image/gif", ext: "gif" };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8))
    return { contentType: "image/webp", ext: "webp" };
  if (startsWith(bytes, ascii("%PDF-"))) return { contentType: "application/pdf", ext: "pdf" };
  return null;
}

/** The checks every upload passes, in the order a customer can act on: missing, too large, wrong type. */
export function checkUpload(bytes: Uint8Array): SniffedType {
  if (bytes.length === 0) throw new PlatformError("SP:FileRequired", 400, "Choose a file to upload");
  if (bytes.length > UPLOAD_FILE_LIMIT)
    throw new PlatformError("SP:FileTooLarge", 413, "The file is larger than 5 MB", { maxBytes: UPLOAD_FILE_LIMIT });
  const type = sniffFileType(bytes);
  if (!type)
    throw new PlatformError(
      "SP:UnsupportedFileType",
      400,
      "Only images (PNG, JPEG, GIF, WebP) and PDF files can be uploaded",
    );
  return type;
}

/** Server-made stored names: a UUID and the sniffed extension. Anything else names no upload. */
const STORED_NAME_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp|pdf)$/;
export const isStoredName = (name: string) => STORED_NAME_RE.test(name);

/** The bytes of the form's file field, or SP:FileRequired when there is none. */
export async function fileFromForm(form: FormData, field = "file"): Promise<Uint8Array> {
  const files = form.getAll(field);
  if (files.length > 1) throw new PlatformError("SP:ValidationError", 400, "Send one file", { field });
  const file = files[0];
  if (!(file instanceof Blob)) throw new PlatformError("SP:FileRequired", 400, "Choose a file to upload");
  return new Uint8Array(await file.arrayBuffer());
}

type Owner = { tenantId: string; customerId: string | null };

/** Files live in the database: a cap per customer and hour keeps one account from filling it. */
export const MAX_UPLOADS_PER_HOUR = 30;

// Measured on the database's clock, the one that stamped created_at.
export async function checkUploadRate(db: Db, owner: Owner) {
  if (!owner.customerId) return;
  const [{ n }] = await db
    .select({ n: count() })
    .from(uploads)
    .where(
      and(
        eq(uploads.tenantId, owner.tenantId),
        eq(uploads.customerId, owner.customerId),
        gt(uploads.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  if (n >= MAX_UPLOADS_PER_HOUR)
    throw new PlatformError("SP:TooManyRequests", 429, "Too many uploads; try again later", {
      retryAfterSeconds: 3600,
    });
}

/** Stores checked bytes under a fresh server-made name. */
export async function saveUpload(db: Db, owner: Owner, purpose: string, bytes: Uint8Array): Promise<UploadDto> {
  const type = checkUpload(bytes);
  await checkUploadRate(db, owner);
  const storedName = `${randomUUID()}.${type.ext}`;
  await db.insert(uploads).values({
    tenantId: owner.tenantId,
    customerId: owner.customerId,
    purpose,
    contentType: type.contentType,
    size: bytes.length,
    storedName,
    data: Buffer.from(bytes),
  });
  return { name: storedName, contentType: type.contentType, size: bytes.length };
}

/** The customer's own upload's metadata, or null (another customer's, another tenant's, or none). */
export async function findOwnUpload(
  db: Db,
  tenantId: string,
  customerId: string,
  name: string,
): Promise<UploadDto | null> {
  if (!isStoredName(name)) return null;
  const [row] = await db
    .select({ name: uploads.storedName, contentType: uploads.contentType, size: uploads.size })
    .from(uploads)
    .where(and(eq(uploads.tenantId, tenantId), eq(uploads.customerId, customerId), eq(uploads.storedName, name)))
    .limit(1);
  return row ?? null;
}

/** The customer's own upload with its bytes; 404 for anyone else's. */
export async function readOwnUpload(
  db: Db,
  tenantId: string,
  customerId: string,
  name: string,
): Promise<UploadDto & { data: Buffer }> {
  if (!isStoredName(name)) throw notFound("Upload");
  const [row] = await db
    .select({ name: uploads.storedName, contentType: uploads.contentType, size: uploads.size, data: uploads.data })
    .from(uploads)
    .where(and(eq(uploads.tenantId, tenantId), eq(uploads.customerId, customerId), eq(uploads.storedName, name)))
    .limit(1);
  if (!row) throw notFound("Upload");
  return row;
}

/** The bytes as an HTTP answer: the sniffed type, never sniffed again by the browser, never cached by others. */
export function uploadResponse(upload: UploadDto & { data: Buffer }): Response {
  return new Response(new Uint8Array(upload.data), {
    status: 200,
    headers: {
      "content-type": upload.contentType,
      "content-length": String(upload.size),
      "content-disposition": `inline; filename="${upload.name}"`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
