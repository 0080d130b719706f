import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { httpTransport, inProcessTransport, type Transport } from "@/lib/platform-client/core";
import { handlePlatformRequest } from "@/platform/api/router";
import type { Db } from "@/platform/db/client";
import { getTenantById } from "@/platform/services/tenants";

/**
 * The two ways the storefront's client reaches the platform, for suites that must hold on both:
 * in-process (the embedded default) and over HTTP (PLATFORM_API_URL), the latter against a real
 * node:http server hosting the platform as a platform-only host does (tenant from `__tenant`).
 */
export type NamedTransport = { name: "in-process" | "http"; transport: () => Transport };

export function platformTransports(db: () => Db): NamedTransport[] {
  let server: http.Server | undefined;
  let base = "";
  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const url = new URL(req.url ?? "/", "http://platform.test");
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(url, {
        method: req.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      });
      const tenantId = req.headers["__tenant"];
      const tenant = typeof tenantId === "string" ? ((await getTenantById(db(), tenantId)) ?? null) : null;
      const answer = await handlePlatformRequest(request, url.pathname.replace(/^\/api\/app\//, ""), tenant, db(), {
        trusted: true,
      });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
  return [
    { name: "in-process", transport: () => inProcessTransport },
    { name: "http", transport: () => httpTransport(base) },
  ];
}
