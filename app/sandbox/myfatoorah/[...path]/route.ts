import { sandboxRoute } from "@/platform/sandbox/next-route";

export const dynamic = "force-dynamic";

/** /sandbox/myfatoorah/* — the myfatoorah sandbox (platform/sandbox/myfatoorah.ts). */
const route = sandboxRoute("myfatoorah");
export const GET = route;
export const POST = route;
