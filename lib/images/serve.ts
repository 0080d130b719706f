import "server-only";
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { LRUCache } from "lru-cache";
import sharp from "./sharp";
import { publicPath } from "./source";
import { IMAGE_WIDTHS, PLACEHOLDER_WIDTH, routable } from "./url";

type Modern = "avif" | "webp";
type Format = Modern | "jpeg" | "png";
type Job = { file: string; width: number; modern: Modern | null; blur: boolean };
type Rendered = { body: Buffer; format: Format };

const MAX_SOURCE_BYTES = 20 * 1024 * 1024;

/**
 * Each source file's content hash, by path, modification time and size: a request reads and
 * hashes the file only when it changed (or first), not every time it is asked for.
 */
const digests = new LRUCache<string, string>({ max: 2_000 });

/** The public file a path names, with its content hash; null when there is none (or it is too big). */
async function source(src: string): Promise<{ file: string; digest: string } | null> {
  const file = publicPath(src);
  const info = file ? await stat(/*turbopackIgnore: true*/ file).catch(() => null) : null;
  if (!file || !info?.isFile() || info.size > MAX_SOURCE_BYTES) return null;
  const version = `${file}|${info.mtimeMs}|${info.size}`;
  let digest = digests.get(version);
  if (!digest) {
    const bytes = await readFile(/*turbopackIgnore: true*/ file).catch(() => null);
    if (!bytes) return null;
    digest = createHash("sha256").update(bytes).digest("hex");
    digests.set(version, digest);
  }
  return { file, digest };
}

/**
 * Rendered pictures, by source content, width, format and blur: bounded by bytes and entries.
 * lru-cache's fetch encodes one picture once however many browsers ask for it at the same moment.
 */
const rendered = new LRUCache<string, Rendered, Job>({
  max: 2_000,
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (r) => r.body.length,
  fetchMethod: (_key, _stale, { context }) => render(context),
});

async function render({ file, width, modern, blur }: Job): Promise<Rendered> {
  const bytes = await readFile(/*turbopackIgnore: true*/ file);
  const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
  // Vector art is drawn at the density that gives the target width sharply; rasters are scaled down, never up.
  const density =
    meta.format === "svg" && meta.width ? Math.min(2400, Math.max(72, (72 * width) / meta.width)) : undefined;
  let image = sharp(bytes, { density, limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ width, withoutEnlargement: meta.format !== "svg" });
  if (blur) image = image.blur(1.2);
  const format: Format = modern ?? (meta.hasAlpha ? "png" : "jpeg");
  if (format === "avif") image = image.avif({ quality: blur ? 30 : 52, effort: 2 });
  else if (format === "webp") image = image.webp({ quality: blur ? 40 : 76 });
  else if (format === "png") image = image.png({ compressionLevel: 8, palette: blur });
  else image = image.jpeg({ quality: blur ? 50 : 80, mozjpeg: true });
  return { body: await image.toBuffer(), format };
}

/** AVIF, then WebP, when the browser says it takes them. */
export function preferredFormat(accept: string | null): Modern | null {
  const a = accept ?? "";
  return a.includes("image/avif") ? "avif" : a.includes("image/webp") ? "webp" : null;
}

/** A content-addressed name (`photo.<hex>.jpg`) whose hash is the file's own: its address never changes meaning. */
function contentAddressed(src: string, digest: string): boolean {
  const named = /\.([0-9a-f]{8,64})\.[a-z0-9]+$/.exec(src.split(/[?#]/)[0]);
  return named !== null && digest.startsWith(named[1]);
}

function refuse(status: 400 | 404): Response {
  return new Response(status === 400 ? "Bad request" : "Not found", {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=60" },
  });
}

/**
 * GET /api/img?u=<site path>&w=<width>[&blur=1]: the store's own picture at one of the route's
 * widths, as AVIF or WebP by `Accept` (else JPEG, or PNG for transparency). Cached for a year
 * (immutable) when the file is content-addressed, else for an hour with an ETag.
 */
export async function imageResponse(req: Request): Promise<Response> {
  const params = new URL(req.url).searchParams;
  const src = params.get("u") ?? "";
  const width = Number(params.get("w"));
  const blur = params.get("blur") === "1";
  const widthAllowed = blur ? width === PLACEHOLDER_WIDTH : (IMAGE_WIDTHS as readonly number[]).includes(width);
  if (!widthAllowed || !routable(src) || src.length > 1_000) return refuse(400);
  const found = await source(src);
  if (!found) return refuse(404);
  const { file, digest } = found;
  const modern = preferredFormat(req.headers.get("accept"));
  const key = `${digest}|${width}|${modern ?? "legacy"}|${blur ? 1 : 0}`;
  const etag = `"${createHash("sha256").update(key).digest("base64url").slice(0, 27)}"`;
  const headers = {
    etag,
    vary: "Accept",
    "x-content-type-options": "nosniff",
    "cache-control": contentAddressed(src, digest)
      ? "public, max-age=31536000, immutable"
      : "public, max-age=3600, stale-while-revalidate=86400",
  };
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  let picture: Rendered | undefined;
  try {
    picture = await rendered.fetch(key, { context: { file, width, modern, blur } });
  } catch {
    picture = undefined;
  }
  // Not a picture sharp can read (a text file under public/, a truncated upload).
  if (!picture) return refuse(404);
  return new Response(new Uint8Array(picture.body), {
    headers: { ...headers, "content-type": `image/${picture.format}`, "content-length": String(picture.body.length) },
  });
}
