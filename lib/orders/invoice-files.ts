import "server-only";
import { LRUCache } from "lru-cache";
import type { InvoiceDocumentDto } from "@/contract/dto/account";

/**
 * An order's tax documents as a PDF, drawn once per process: they are stored as issued and never
 * change (a credit note adds a document, and with it a new key), so asking again answers the same
 * bytes instead of taking the server's thread to draw them; asks at once share one drawing. A file
 * is ~25 KB; 16 MB at most.
 */
const kept = new LRUCache<string, Uint8Array<ArrayBuffer>, () => Promise<Uint8Array<ArrayBuffer>>>({
  max: 2000,
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (bytes) => bytes.byteLength,
  fetchMethod: (_key, _stale, { context }) => context(),
});

/** The file of `docs` (the invoice, then its credit notes), drawn by `draw` only when not kept. */
export async function keptInvoiceFile(
  tenantId: string,
  docs: InvoiceDocumentDto[],
  draw: () => Promise<Uint8Array<ArrayBuffer>>,
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await kept.fetch([tenantId, ...docs.map((d) => d.number)].join(":"), { context: draw });
  if (!bytes) throw new Error("invoice file: nothing drawn");
  return bytes;
}
