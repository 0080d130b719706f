import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { listOutbox } from "@/platform/services/sms-outbox";
import { outboxAccess } from "./outbox-access";
import "../../globals.css";

export const dynamic = "force-dynamic";

export const metadata = { title: "SMS outbox (sandbox)", robots: { index: false, follow: false } };

/** The development SMS outbox of the host's store: what would have been texted, newest first. */
export default async function SmsOutboxPage() {
  const access = await outboxAccess((await headers()).get("host"));
  if (!access) notFound();
  const messages = await listOutbox(access.db, access.tenant.id);
  return (
    <html lang="en" dir="ltr">
      <body className="bg-neutral-50 p-6 text-neutral-900">
        <main className="mx-auto max-w-4xl">
          <h1 className="text-2xl font-semibold">SMS outbox — {access.tenant.name}</h1>
          <p className="mt-1 text-sm text-neutral-600">
            Sandbox only: messages this store would have sent, newest first. The newest to one number as JSON:{" "}
            <code>/sandbox/sms/latest?to=%2B9665…</code>
          </p>
          {messages.length === 0 ? (
            <p className="mt-6">No messages yet.</p>
          ) : (
            <table className="mt-6 w-full border-collapse bg-white text-sm">
              <thead>
                <tr className="border-b text-start">
                  <th scope="col" className="p-2 text-start">
                    Sent
                  </th>
                  <th scope="col" className="p-2 text-start">
                    To
                  </th>
                  <th scope="col" className="p-2 text-start">
                    Code
                  </th>
                  <th scope="col" className="p-2 text-start">
                    Text
                  </th>
                </tr>
              </thead>
              <tbody>
                {messages.map((m) => (
                  <tr key={m.id} className="border-b align-top">
                    <td className="p-2 whitespace-nowrap">
                      <time dateTime={m.createdAt}>{m.createdAt.replace("T", " ").slice(0, 19)} UTC</time>
                    </td>
                    <td className="p-2 whitespace-nowrap" dir="ltr">
                      {m.to}
                    </td>
                    <td className="p-2 font-mono font-semibold" data-testid="sms-code">
                      {m.code ?? "—"}
                    </td>
                    <td className="p-2 whitespace-pre-line" dir="auto">
                      {m.text}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </main>
      </body>
    </html>
  );
}
