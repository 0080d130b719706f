import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { listWhatsAppSandbox } from "@/platform/sandbox/whatsapp";
import { outboxAccess } from "../sms/outbox-access";
import "../../globals.css";

export const dynamic = "force-dynamic";

export const metadata = { title: "WhatsApp (sandbox)", robots: { index: false, follow: false } };

/** The WhatsApp sandbox's messages from the host's store: the templates it took, newest first. */
export default async function WhatsAppSandboxPage() {
  const access = await outboxAccess((await headers()).get("host"));
  if (!access) notFound();
  const messages = await listWhatsAppSandbox(access.db, access.tenant.id);
  return (
    <html lang="en" dir="ltr">
      <body className="bg-neutral-50 p-4 text-neutral-900 sm:p-6">
        <main className="mx-auto max-w-4xl">
          <h1 className="text-2xl font-semibold">WhatsApp — {access.tenant.name}</h1>
          <p className="mt-1 text-sm text-neutral-600">
            Sandbox only: the template messages this store sent through the WhatsApp Cloud API sandbox, newest first. As
            JSON: <code>/sandbox/whatsapp/messages?to=%2B9665…</code>
          </p>
          {messages.length === 0 ? (
            <p className="mt-6">No messages yet.</p>
          ) : (
            // Cards rather than a table: a template's link parameter is long, and a phone is narrow.
            <ol className="mt-6 space-y-3">
              {messages.map((m) => (
                <li
                  key={m.id}
                  className="rounded border border-neutral-200 bg-white p-3 text-sm"
                  data-testid="whatsapp-message"
                >
                  <p className="flex flex-wrap gap-x-4 gap-y-1 text-neutral-600">
                    <time dateTime={m.createdAt}>{m.createdAt.replace("T", " ").slice(0, 19)} UTC</time>
                    <span dir="ltr">{m.to}</span>
                    <span className="font-mono text-neutral-900">
                      {m.template} ({m.language})
                    </span>
                  </p>
                  <ol className="mt-2 list-decimal ps-5">
                    {m.parameters.map((p, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a template's parameters are positional
                      <li key={i} dir="auto" className="[overflow-wrap:anywhere]">
                        {p}
                      </li>
                    ))}
                  </ol>
                </li>
              ))}
            </ol>
          )}
        </main>
      </body>
    </html>
  );
}
