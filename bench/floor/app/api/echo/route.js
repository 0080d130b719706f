// The framework's floor for a JSON API route (npm run bench:http measures it beside the cart): a
// POST answered with its own JSON body, a GET with null — the cart's add and read with no work of
// their own.
export const dynamic = "force-dynamic";

export async function POST(request) {
  return Response.json({ data: await request.json() });
}

export function GET() {
  return Response.json({ data: null });
}
