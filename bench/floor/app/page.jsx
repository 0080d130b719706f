export default function Page() {
  return (
    <main style={{ fontFamily: "sans-serif", padding: 16 }}>
      <h1>Next floor</h1>
      <p>A prerendered page with no client component of its own, measured beside the storefront.</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- the same kind of LCP image as the store's cards */}
      <img src="/hero.svg" width={358} height={268} alt="" fetchPriority="high" />
    </main>
  );
}
