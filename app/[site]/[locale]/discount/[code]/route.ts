import { couponLinkTarget } from "@/lib/site-routing";

export const dynamic = "force-dynamic";

/**
 * /discount/{code}: a shareable coupon link (an ad, a message). Into the page its `redirect` names
 * on this store (else the home page) with `?coupon={code}`, which every page understands
 * (components/checkout/linked-coupon.tsx checks the code, remembers it and applies it to the
 * cart), and every other parameter of the link: an ad's campaign and click id reach the page that
 * keeps them (lib/tracking/utm.ts). Never cached, a link may be new.
 */
export async function GET(
  req: Request,
  { params }: { params: Promise<{ site: string; locale: string; code: string }> },
) {
  const { locale, code } = await params;
  const target = couponLinkTarget(locale, decodeURIComponent(code).slice(0, 64), new URL(req.url).searchParams);
  return new Response(null, { status: 307, headers: { location: target, "cache-control": "no-store" } });
}
