import { sandboxRoute } from "@/platform/sandbox/next-route";

export const dynamic = "force-dynamic";

/** /sandbox/moyasar/* — the moyasar sandbox (platform/sandbox/moyasar.ts). */
const route = sandboxRoute("moyasar");
export const GET = route;
export const POST = route;
