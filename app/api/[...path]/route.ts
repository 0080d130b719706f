import { handleStoreRequest } from "@/lib/store-api/pipeline";

export const dynamic = "force-dynamic";

/**
 * The storefront's own API, every endpoint of contract/store/api.ts (the browser's calls to its
 * server): one pipeline matches the path below /api/ and serves it (lib/store-api). The platform's
 * API (app/api/app), the health check and the image route are routes of their own.
 */
const serve = (req: Request) => handleStoreRequest(req);

export { serve as GET, serve as POST, serve as PUT, serve as DELETE, serve as PATCH };
