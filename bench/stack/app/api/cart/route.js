// The stack's query and mutation answer here: no work of their own.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ count: 0 });
}

export function POST() {
  return Response.json({ count: 1 });
}
