import { sandboxRoute } from "@/platform/sandbox/next-route";

export const dynamic = "force-dynamic";

/**
 * /sandbox/<provider>/* — each payment provider's sandbox (its folder's, payment-providers/platform.ts);
 * an unknown provider is a 404. The static /sandbox/sms and /sandbox/operator routes come first.
 */
export const GET = sandboxRoute;
export const POST = sandboxRoute;
