import "./globals.css";

/** Shown for hosts that belong to no tenant, in both languages since none is known. */
export default function GlobalNotFound() {
  return (
    <html lang="ar" dir="rtl">
      <body className="flex min-h-screen items-center justify-center bg-neutral-50 p-6 text-center text-neutral-900">
        <main>
          <p className="text-6xl font-bold text-neutral-300">404</p>
          <h1 className="mt-4 text-2xl font-semibold">المتجر غير موجود</h1>
          <p lang="en" dir="ltr" className="mt-2 text-neutral-600">
            This store does not exist. Check the address and try again.
          </p>
        </main>
      </body>
    </html>
  );
}
