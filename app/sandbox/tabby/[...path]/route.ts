import { sandboxRoute } from "@/platform/sandbox/next-route";

export const dynamic = "force-dynamic";

/** /sandbox/tabby/* — the tabby sandbox (platform/sandbox/tabby.ts). */
const route = sandboxRoute("tabby");
export const GET = route;
export const POST = route;
