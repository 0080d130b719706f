import { Stack } from "./stack.jsx";

export default function Page() {
  return (
    <main style={{ fontFamily: "sans-serif", padding: 16 }}>
      <h1>Next floor with the stack</h1>
      <Stack />
      <p>
        A prerendered page whose only client component uses the storefront&apos;s client libraries, measured beside it.
      </p>
      {/* eslint-disable-next-line @next/next/no-img-element -- the same kind of LCP image as the store's cards */}
      <img src="/hero.svg" width={358} height={268} alt="" fetchPriority="high" />
    </main>
  );
}
