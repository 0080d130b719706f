import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ProviderConfig } from "@/platform/payments/provider";

/** A request the fake provider received. */
export type SeenRequest = {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: () => unknown;
};

/** What the fake answers: JSON, raw text, or nothing at all (a hang, for timeouts). */
export type FakeReply = { status?: number; json?: unknown; text?: string; contentType?: string } | "hang";

export type FakeProvider = {
  /** `http://127.0.0.1:<port>` plus the base path given. */
  base: string;
  seen: SeenRequest[];
  /** Sets how the next requests are answered (until set again). */
  answer: (fn: (req: SeenRequest) => FakeReply) => void;
  config: (secretKey: string, extra?: Partial<ProviderConfig>) => ProviderConfig;
  reset: () => void;
  close: () => Promise<void>;
};

/** A stand-in provider API on 127.0.0.1, port 0: records every request and answers what the test says. */
export async function startFakeProvider(basePath = ""): Promise<FakeProvider> {
  const seen: SeenRequest[] = [];
  let handler: (req: SeenRequest) => FakeReply = () => ({ status: 500, json: { message: "no answer set" } });
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const request: SeenRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body,
        json: () => JSON.parse(body),
      };
      seen.push(request);
      const reply = handler(request);
      if (reply === "hang") return;
      const text = reply.text ?? (reply.json === undefined ? "" : JSON.stringify(reply.json));
      res
        .writeHead(reply.status ?? 200, {
          "content-type": reply.contentType ?? (reply.text === undefined ? "application/json" : "text/html"),
        })
        .end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${basePath}`;
  return {
    base,
    seen,
    answer: (fn) => {
      handler = fn;
    },
    config: (secretKey, extra = {}) => ({ baseUrl: base, secretKey, ...extra }),
    reset: () => {
      seen.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The failures every client call must turn into its ProviderError: each provider's error body
 * shape comes from the test file; these are the rest (faults, non-JSON, wrong shape, timeout).
 */
export const commonFailures: {
  name: string;
  reply: FakeReply;
  timeoutMs?: number;
  httpStatus?: number;
  message: RegExp;
}[] = [
  {
    name: "500 with an HTML page",
    reply: { status: 500, text: "<html><body>Internal Server Error</body></html>" },
    httpStatus: 500,
    message: /HTTP 500.*Internal Server Error/,
  },
  { name: "502 with an empty body", reply: { status: 502, text: "" }, httpStatus: 502, message: /HTTP 502/ },
  {
    name: "200 that is not JSON",
    reply: { status: 200, text: "<html>maintenance</html>" },
    httpStatus: 200,
    message: /Not JSON/,
  },
  {
    name: "200 with another shape",
    reply: { status: 200, json: { unexpected: true } },
    httpStatus: 200,
    message: /Unexpected answer/,
  },
  {
    name: "no answer (timeout)",
    reply: "hang",
    timeoutMs: 200,
    httpStatus: undefined,
    message: /No answer within 200 ms/,
  },
];
