import { afterAll, beforeAll, describe } from "vitest";
import type { Db, DbHandle } from "@/platform/db/client";
import { sandboxRequestHandler } from "@/platform/sandbox";
import { openTestDatabase, testDatabaseKinds } from "./test-db";

// Calling the provider sandboxes as their clients do: fetch-style Requests, no Next, no server.

export type SandboxCall = { status: number; headers: Headers; body: unknown; text: string };

export type CallOptions = { auth?: string; json?: unknown; form?: Record<string, string> };

/** Runs `fn` once per test database kind, each on a fresh migrated database (no demo data needed). */
export function describeSandbox(name: string, fn: (db: () => Db) => void) {
  for (const kind of testDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let handle: DbHandle | undefined;
      beforeAll(async () => {
        handle = await openTestDatabase(kind);
      });
      afterAll(async () => {
        await handle?.close();
      });
      fn(() => {
        if (!handle) throw new Error("The test database is not open yet");
        return handle.db;
      });
    });
  }
}

/** One request to the sandboxes; `url` may name any host (the hosted pages live on the merchant's). */
export async function callSandbox(db: Db, method: string, url: string, opts: CallOptions = {}): Promise<SandboxCall> {
  const headers = new Headers();
  if (opts.auth) headers.set("authorization", opts.auth);
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    body = new URLSearchParams(opts.form);
  }
  const res = await sandboxRequestHandler(db)(
    new Request(new URL(url, "http://127.0.0.1:3000"), { method, headers, body }),
  );
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    // HTML pages and scripts.
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

export const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;
export const bearer = (key: string) => `Bearer ${key}`;
