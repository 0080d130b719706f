import { localePath } from "@/lib/site-routing";

export const dynamic = "force-dynamic";

/**
 * /discount/{code}: a shareable coupon link (an ad, a message). Into the store's home with
 * `?coupon={code}`, which every page understands (components/checkout/linked-coupon.tsx checks the
 * code, remembers it and applies it to the cart); never cached, a link may be new.
 */
export async function GET(
  _req: Request,
  { params }: { params: Promise<{ site: string; locale: string; code: string }> },
) {
  const { locale, code } = await params;
  const target = `${localePath(locale, "/")}?${new URLSearchParams({ coupon: decodeURIComponent(code).slice(0, 64) })}`;
  return new Response(null, { status: 307, headers: { location: target, "cache-control": "no-store" } });
}
