import { imageResponse } from "@/lib/images/serve";

/** The image route: see lib/images/serve.ts. */
export function GET(req: Request) {
  return imageResponse(req);
}
