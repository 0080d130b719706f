import { sandboxRoute } from "@/platform/sandbox/next-route";

export const dynamic = "force-dynamic";

/** /sandbox/tamara/* — the tamara sandbox (platform/sandbox/tamara.ts). */
const route = sandboxRoute("tamara");
export const GET = route;
export const POST = route;
