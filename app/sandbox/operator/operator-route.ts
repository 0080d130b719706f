import type { z } from "zod";
import { readJsonBody } from "@/server/body";
import { errorResponse } from "@/server/error-envelope";
import { env } from "@/server/env";

/**
 * A browser-test operator route (/sandbox/operator/*): served only by a sandbox server with
 * SANDBOX_OPERATOR on and its own platform (404 elsewhere); the JSON body checked by `schema`
 * (`usage` says what to send), then `run`; a refusal is an error envelope, never a stack.
 */
export function operatorRoute<T>(schema: z.ZodType<T>, usage: string, run: (input: T) => Promise<Response>) {
  return async (req: Request): Promise<Response> => {
    const e = env();
    if (!e.SANDBOX || !e.SANDBOX_OPERATOR || e.PLATFORM_API_URL) return new Response("Not found", { status: 404 });
    try {
      const parsed = schema.safeParse(await readJsonBody(req));
      if (!parsed.success)
        return Response.json({ error: { code: "SP:ValidationError", message: usage } }, { status: 400 });
      return await run(parsed.data);
    } catch (err) {
      return errorResponse(err, "sandbox");
    }
  };
}
