import "server-only";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Db } from "../db/client";
import { sandboxRequestHandler } from "./index";

// The sandboxes on a plain node:http server, for tests that need real HTTP between a provider
// client and its provider (no Next). Point the tenant's accounts' baseUrl at `${origin}/sandbox/<provider>`.

async function toRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const body = chunks.length > 0 && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
  return new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, {
    method: req.method,
    headers,
    body,
  });
}

/** A node:http request listener answering every /sandbox/<provider>/… path from `db`. */
export function sandboxNodeListener(db: Db): (req: IncomingMessage, res: ServerResponse) => void {
  const handle = sandboxRequestHandler(db);
  return (req, res) => {
    void (async () => {
      try {
        const response = await handle(await toRequest(req));
        res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch (err) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: String(err) }));
      }
    })();
  };
}

/**
 * Starts the sandboxes on 127.0.0.1 and a free port; `origin` is e.g. http://127.0.0.1:53121.
 * `requests` lists each request received ("POST /sandbox/<provider>/…"), so that a test can
 * tell whether a provider was called at all.
 */
export async function startSandboxServer(
  db: Db,
): Promise<{ origin: string; server: Server; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const listener = sandboxNodeListener(db);
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    server,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
