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
            <div className="mt-6 overflow-x-auto">
              <table className="w-full border-collapse bg-white text-sm">
                <thead>
                  <tr className="border-b text-start">
                    <th scope="col" className="p-2 text-start">
                      Sent
                    </th>
                    <th scope="col" className="p-2 text-start">
                      To
                    </th>
                    <th scope="col" className="p-2 text-start">
                      Template
                    </th>
                    <th scope="col" className="p-2 text-start">
                      Parameters
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {messages.map((m) => (
                    <tr key={m.id} className="border-b align-top" data-testid="whatsapp-message">
                      <td className="p-2">
                        <time dateTime={m.createdAt}>{m.createdAt.replace("T", " ").slice(0, 19)} UTC</time>
                      </td>
                      <td className="p-2 whitespace-nowrap" dir="ltr">
                        {m.to}
                      </td>
                      <td className="p-2 whitespace-nowrap font-mono">
                        {m.template} ({m.language})
                      </td>
                      <td className="min-w-48 p-2">
                        <ol className="list-decimal ps-5">
                          {m.parameters.map((p, i) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: a template's parameters are positional
                            <li key={i} dir="auto" className="[overflow-wrap:anywhere]">
                              {p}
                            </li>
                          ))}
                        </ol>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </main>
      </body>
    </html>
  );
}
