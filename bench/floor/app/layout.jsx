// The framework's floor for `npm run bench:lighthouse`: a prerendered Next page with no client
// component, no CSS and no proxy, built with the storefront's own Next and React. Whatever
// Lighthouse finds here (React's hydration, Next's router) every storefront page pays as well.
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
