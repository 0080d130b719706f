// Next's floor page whose first frame costs 250 ms of main-thread work (a busy first animation
// frame), and nothing else of the storefront's. In Lighthouse's headless Chromium a first frame
// that late is often shown only one or two seconds after it was painted (the compositor stops
// being offered frames while it has not answered them), and Lantern then counts every script and
// task of that wait on the LCP's path. `npm run bench:lighthouse` measures it beside the store's
// pages, so a run shows how much of a page's LCP is that wait, with none of our code or content.
const SLOW_FIRST_FRAME = "requestAnimationFrame(()=>{const t=performance.now();while(performance.now()-t<250){}})";

export default function Page() {
  return (
    <main style={{ fontFamily: "sans-serif", padding: 16 }}>
      <h1>Next floor, slow first frame</h1>
      <p>The same prerendered page as Next&apos;s floor, whose first frame takes 250 ms of script.</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- the same kind of LCP image as the store's cards */}
      <img src="/hero.svg" width={358} height={268} alt="" fetchPriority="high" />
      <script dangerouslySetInnerHTML={{ __html: SLOW_FIRST_FRAME }} />
    </main>
  );
}
