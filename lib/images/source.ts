import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";

const PUBLIC = path.join(/*turbopackIgnore: true*/ process.cwd(), "public");

/** A public file's bytes for a site-relative path; null for anything else (the server fetches no other host). */
export async function publicFile(url: string | null): Promise<Buffer | null> {
  if (!url || !url.startsWith("/") || url.startsWith("//")) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(url.split(/[?#]/)[0]);
  } catch {
    return null;
  }
  const file = path.normalize(path.join(PUBLIC, relative));
  if (!file.startsWith(PUBLIC + path.sep)) return null;
  return readFile(file).catch(() => null);
}
