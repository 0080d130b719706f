import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";

const PUBLIC = path.join(/*turbopackIgnore: true*/ process.cwd(), "public");

/** The file under public/ a site-relative path names; null for anything else (the server fetches no other host). */
export function publicPath(url: string | null): string | null {
  if (!url || !url.startsWith("/") || url.startsWith("//")) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(url.split(/[?#]/)[0]);
  } catch {
    return null;
  }
  const file = path.normalize(path.join(PUBLIC, relative));
  return file.startsWith(PUBLIC + path.sep) ? file : null;
}

/** A public file's bytes for a site-relative path; null for anything else. */
export async function publicFile(url: string | null): Promise<Buffer | null> {
  const file = publicPath(url);
  return file ? readFile(/*turbopackIgnore: true*/ file).catch(() => null) : null;
}
