import type { ApiError } from "@/contract/errors";
import { readChannel, writeChannel } from "./process-channels.mjs";

/**
 * The seam between the storefront and an embedded platform (ARCHITECTURE decisions 1 and 11):
 * the storefront's client only knows this shape, and whoever hosts both in one process (the
 * server's start, instrumentation.ts; the test setup) installs the platform's side of it. Neither
 * side imports the other. A channel of the process (process-channels.mjs), so every bundle of the
 * server process sees the one that was installed.
 */

/** A tenant as the platform needs it for a call. */
export type EmbeddedTenant = { id: string; slug: string; name: string; settings: Record<string, string> };

export type EmbeddedCall = {
  /** null for the operator's tenant-less calls. */
  tenant: EmbeddedTenant | null;
  headers: Headers;
};

/**
 * An answer as it crosses the seam: data, or the error envelope with its status — never a thrown
 * error. The platform and the storefront are bundled apart (the server's start installs the
 * platform from its own bundle), so an error class of one is not the other's, and `instanceof`
 * across the seam would read every refusal as a fault.
 */
export type EmbeddedAnswer = { data: unknown } | { status: number; error: ApiError };

export type EmbeddedPlatform = {
  /** Calls one endpoint ("group.name") in-process: the same parsing, auth and checks as over HTTP. */
  call(
    key: string,
    input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown },
    meta: EmbeddedCall,
  ): Promise<EmbeddedAnswer>;
};

export function installEmbeddedPlatform(platform: EmbeddedPlatform): void {
  writeChannel("embeddedPlatform", platform);
}

export function embeddedPlatform(): EmbeddedPlatform | undefined {
  return readChannel("embeddedPlatform");
}
