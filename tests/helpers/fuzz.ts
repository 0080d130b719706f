import fc from "fast-check";
import { expect } from "vitest";
import { isKnownErrorCode } from "@/lib/errors";
import { describeEachDb, type TestDb } from "./test-db";

/**
 * The fuzz suites' shared parts (tests/fuzz-*.test.ts): generators of malformed request parts, a
 * request model that each suite turns into a Request for its handlers, the answer check (no 5xx;
 * every refusal a 4xx JSON `{error:{code,message}}` with a code the storefront knows), and the
 * per-family runner with its counts.
 *
 * A generated request malforms one chosen part (its target) and keeps the others valid, so that
 * each malformation reaches the code that has to refuse it instead of dying at the first check;
 * low-probability noise (junk accept-language, sales channel, forwarded-for, content-type, origin
 * headers) rides on top.
 */

// ---------------------------------------------------------------------------------------------
// The run's seed: one per run, printed on failure; FUZZ_SEED=<n> replays a run.

export const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;

/** Requests per endpoint family (QUALITY.md: at least 1,000); FUZZ_RUNS=<n> asks for more, to hunt. */
export const RUNS_PER_FAMILY = Math.max(1000, Number(process.env.FUZZ_RUNS) || 0);

/** A family's test time limit: vitest's 30 s per 1,000 requests (a shared 2-core machine can be slow). */
export const FAMILY_TIMEOUT_MS = 30 * RUNS_PER_FAMILY;

// ---------------------------------------------------------------------------------------------
// Values

/** Characters that break naive handling: RTL/bidi marks, zero-width, NUL and controls, lone surrogates, emoji, Arabic. */
const TRICKY_PIECES = [
  "\u200f",
  "\u202e",
  "\u2066",
  "\u200b",
  "\ufeff",
  "\u0000",
  "\u0001",
  "\u001f",
  "\u007f",
  "\u0085",
  "\u2028",
  "\ud800",
  "\udfff",
  "\udbff",
  "🧨",
  "👨‍👩‍👧",
  "🇸🇦",
  "e\u0301",
  "ﷺ",
  "مرحبا",
  "٠١٢٣٤٥٦٧٨٩",
  "\t",
  "\r\n",
  " ",
  "'",
  '"',
  "\\",
  "%",
  "%00",
  "../",
  "..\\",
  "%2e%2e%2f",
  "<script>",
  "${x}",
  "{{x}}",
  "%s%n",
  "' OR 1=1 --",
  "__proto__",
  "constructor",
  "null",
  "NaN",
  "Infinity",
  "-0",
];

/** A short string made of tricky pieces and ordinary characters. */
export const trickyString: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(...TRICKY_PIECES),
      fc.string({ maxLength: 6 }),
      fc.string({ unit: "binary", maxLength: 4 }),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(""));

/** 100 KB – 160 KB (a few just under the BFF's 100,000-character body limit), built by repetition: cheap to generate. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      fc.constantFrom("a", "٣", "🧨", "\u0000", "\ud800", "x\u202e"),
      trickyString.filter((s) => s.length > 0),
    ),
    fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 100_000, max: 160_000 }) },
      { weight: 1, arbitrary: fc.integer({ min: 90_000, max: 99_000 }) },
    ),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: trickyString },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\u0000",
      "0",
      "-1",
      "1e309",
      "NaN",
      "true",
      "[]",
      "{}",
      "00000000-0000-0000-0000-000000000000",
      "2030-02-30",
      "9999-99-99T99:99:99Z",
    ),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 200, maxLength: 3000 }).map((s) => s.padEnd(200, "x")) },
  { weight: 1, arbitrary: hugeString },
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    1.5,
    -1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    -(2 ** 53) - 2,
    2 ** 31,
    -(2 ** 31) - 1,
    1e-320,
    999_999_999,
  ),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: false }),
);

/** Any JSON value of a wrong kind: strings, numbers, booleans, null, arrays and objects of them. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 4, arbitrary: nastyString },
    { weight: 3, arbitrary: nastyNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(trickyString, tie("value"), { maxKeys: 3 }) },
  ),
})).value;

/** Ids for a path parameter that are not the resource's: not uuids, very long, traversal, encodings, unicode, someone else's. */
export const badId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "x",
    "0",
    "-1",
    "1e309",
    "null",
    "undefined",
    "NaN",
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "00000000-0000-0000-0000-00000000000g",
    "00000000-0000-4000-8000-000000000000-",
    "{00000000-0000-4000-8000-000000000000}",
    "..",
    ".",
    "../..",
    "..%2f..%2fetc%2fpasswd",
    "%2e%2e",
    "%00",
    "%",
    "%zz",
    "%E0%A4%A",
    "%ED%A0%80",
    "a'b",
    'a"b',
    "' OR '1'='1",
    "\u0000",
    "\ud800",
    "\u202e",
    "🧨",
    "٣",
    "a b",
    "a\nb",
    "\\",
    "__proto__",
    "constructor",
  ),
  fc.uuid().map((u) => u.toUpperCase()),
  fc.uuid(),
  fc.integer({ min: 65, max: 8000 }).map((n) => "0".repeat(n)),
  fc.uuid().map((u) => `${u}\u0000`),
  trickyString,
);

/** Header values may only hold Latin-1 without NUL/CR/LF; junk within those rules. */
export const headerJunk: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("", " ", "null", "undefined", "\u00ff\u00fe", "é", "a,b", ";;;", "=", "\t", "x".repeat(8000)),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
);

// ---------------------------------------------------------------------------------------------
// Tokens

const b64url = (s: string) => Buffer.from(s).toString("base64url");

/** Bearer header values that must never sign anyone in (the valid ones are added by each suite). */
export function forgedBearers(valid: {
  spaToken: string;
  otherTenantToken: string;
  spaCustomerId: string;
  spaTenantId: string;
}): fc.Arbitrary<string | null> {
  const [, payload, signature] = valid.spaToken.split(".");
  const claims = { sub: valid.spaCustomerId, tenantid: valid.spaTenantId, iat: 1, exp: 4_102_444_800 };
  return fc.oneof(
    fc.constant(null),
    fc.constantFrom(
      "Bearer",
      "Bearer ",
      "bearer x",
      `Basic ${b64url("a:b")}`,
      `Bearer ${valid.spaToken} ${valid.spaToken}`,
      `Bearer ${valid.otherTenantToken}`,
      // alg none, and the right claims under a made-up signature or none
      `Bearer ${b64url(JSON.stringify({ alg: "none", typ: "JWT" }))}.${b64url(JSON.stringify(claims))}.`,
      `Bearer ${b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${b64url(JSON.stringify(claims))}.${signature}`,
      `Bearer ${b64url(JSON.stringify({ alg: "HS512", typ: "JWT" }))}.${payload}.${signature}`,
      `Bearer ${b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${b64url(JSON.stringify({ ...claims, sub: "not-a-uuid" }))}.${signature}`,
      `Bearer ${valid.spaToken.slice(0, -3)}abc`,
      `Bearer ${valid.spaToken}x`,
      `Bearer ${"a".repeat(10_000)}`,
      "Bearer ...",
      "Bearer a.b.c",
    ),
    headerJunk.map((s) => `Bearer ${s}`),
    headerJunk,
  );
}

// ---------------------------------------------------------------------------------------------
// Query strings

/** Encodes a value for a URL, lone surrogates included (encodeURIComponent throws on them). */
export const enc = (s: string) => encodeURIComponent(s.toWellFormed());

export const queryString = (q: Record<string, string>) =>
  Object.entries(q)
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join("&");

/**
 * Values for URLs: tricky text and runs of up to 2,000 characters (Node's HTTP server refuses
 * request heads over 16 KB before any handler, so 100 KB query values never reach one).
 */
export const urlString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: trickyString },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\u0000",
      "0",
      "-1",
      "1e309",
      "NaN",
      "Infinity",
      "true",
      "[]",
      "{}",
      "00000000-0000-0000-0000-000000000000",
      "2030-02-30",
      "9999-99-99",
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("a", "٣", "🧨", "%", "\u202e"), fc.integer({ min: 500, max: 2000 }))
      .map(([unit, n]) => unit.repeat(n)),
  },
);

/** A query that is not what the route wants: a key set to junk or dropped, junk keys, repeated keys, broken encodings. */
export function badQuery(valid: Record<string, string>): fc.Arbitrary<string> {
  const keys = Object.keys(valid);
  const edits: fc.Arbitrary<string>[] = [
    fc.constantFrom(
      "%",
      "%zz",
      "%E0%A4%A",
      "a=%ED%A0%80",
      "&&&==&",
      "=x",
      "a==b",
      "?",
      "#",
      "a[]=1&a[]=2",
      "__proto__=1",
      "a=1&".repeat(2000),
    ),
    fc
      .dictionary(trickyString, urlString, { minKeys: 1, maxKeys: 4 })
      .map((extra) => queryString({ ...valid, ...extra })),
  ];
  if (keys.length > 0) {
    edits.push(
      fc.tuple(fc.constantFrom(...keys), urlString).map(([k, v]) => queryString({ ...valid, [k]: v })),
      fc.tuple(fc.constantFrom(...keys), nastyNumber).map(([k, v]) => queryString({ ...valid, [k]: String(v) })),
      fc
        .constantFrom(...keys)
        .map((k) => queryString(Object.fromEntries(Object.entries(valid).filter(([key]) => key !== k)))),
      fc.tuple(fc.constantFrom(...keys), urlString).map(([k, v]) => `${queryString(valid)}&${enc(k)}=${enc(v)}`),
      fc.constantFrom(...keys).map((k) => `${queryString(valid)}&${enc(k)}=`),
    );
  }
  return fc.oneof(...edits);
}

// ---------------------------------------------------------------------------------------------
// JSON bodies

type Path = (string | number)[];

function paths(value: unknown, prefix: Path = []): Path[] {
  if (value && typeof value === "object") {
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value);
    return entries.flatMap(([k, v]) => [[...prefix, k], ...paths(v, [...prefix, k])]);
  }
  return [];
}

function edit(
  value: unknown,
  path: Path,
  change: (parent: Record<string | number, unknown>, key: string | number) => void,
): unknown {
  const copy = structuredClone(value);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  change(parent, path.at(-1)!);
  return copy;
}

/** Raw texts no JSON parser takes, and JSON texts that are not an object. */
const BAD_JSON_TEXTS = [
  "{",
  "[",
  "}",
  '{"a":',
  "{'a':1}",
  "{a:1}",
  '{"a":1,}',
  "[1,]",
  "NaN",
  "Infinity",
  "undefined",
  '{"a":NaN}',
  "\u0000",
  "\ufeff{}",
  "null",
  "true",
  "1",
  "-1",
  '"x"',
  "[]",
  "[{}]",
  "1e309",
  '{"a":1e309}',
  '{"a":-1e309}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{}}}',
  '"\\ud800"',
  '{"a":"\\u0000"}',
  "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
];

/**
 * A JSON body that is not the route's: the valid template with a field set to a wrong value or
 * dropped, a junk field added, the whole body replaced by a wrong kind, texts no JSON parser takes,
 * duplicate keys, numbers JSON.parse turns into Infinity, deep nesting.
 */
export function badJsonBody(template: unknown): fc.Arbitrary<string> {
  const fieldPaths = paths(template);
  const text = (v: unknown) => JSON.stringify(v) ?? "null";
  const edits: fc.Arbitrary<string>[] = [
    fc.constantFrom(...BAD_JSON_TEXTS),
    nastyValue.map(text),
    fc.tuple(trickyString, nastyValue).map(([k, v]) => text({ ...(template as object), [k]: v })),
    fc.integer({ min: 1000, max: 20_000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth)),
    fc.integer({ min: 1, max: 40 }).map((n) => text(template).slice(0, n)),
  ];
  if (fieldPaths.length > 0) {
    const pathArb = fc.constantFrom(...fieldPaths);
    const wrongField = fc.tuple(pathArb, nastyValue).map(([p, v]) => text(edit(template, p, (o, k) => (o[k] = v))));
    edits.push(
      // A field of a wrong kind or value: the commonest edit, twice as likely as the others.
      wrongField,
      wrongField,
      pathArb.map((p) => text(edit(template, p, (o, k) => delete o[k]))),
      fc
        .tuple(pathArb, fc.constantFrom("1e309", "-1e309", "NaN", '"\\ud800"', '"\\u0000"', "{}", "[]"))
        .map(([p, raw]) => {
          const marker = "\u0001MARK\u0001";
          return text(edit(template, p, (o, k) => (o[k] = marker))).replace(JSON.stringify(marker), raw);
        }),
      // A key twice: the second wins in JSON.parse, and it is junk.
      fc
        .tuple(fc.constantFrom(...fieldPaths.filter((p) => p.length === 1)), nastyValue)
        .map(([[k], v]) => text(template).replace(/}$/, `,${JSON.stringify(k)}:${text(v)}}`)),
    );
  }
  return fc.oneof(...edits);
}

// ---------------------------------------------------------------------------------------------
// Multipart bodies

export type RawBody = { contentType: string | null; body: string | Uint8Array | FormData };

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

const part = (boundary: string, headers: string[], content: string) =>
  `--${boundary}\r\n${headers.join("\r\n")}\r\n\r\n${content}\r\n`;

/**
 * Upload bodies that are not one acceptable file: not multipart at all, no or a wrong boundary,
 * truncated, parts without names, two files, an empty file, bytes of no allowed type, an executable
 * named .png, junk fields, NUL and RTL in file names. `fields` are the route's other form fields.
 */
export function badMultipartBody(fields: Record<string, string> = {}): fc.Arbitrary<RawBody> {
  const boundary = "----fuzzBoundary7MA4YWxkTrZu0gW";
  const fieldParts = Object.entries(fields).map(([k, v]) =>
    part(boundary, [`Content-Disposition: form-data; name="${k}"`], v),
  );
  const filePart = (name: string, content: string, type = "application/octet-stream") =>
    part(
      boundary,
      [`Content-Disposition: form-data; name="file"; filename="${name}"`, `Content-Type: ${type}`],
      content,
    );
  const ok = `multipart/form-data; boundary=${boundary}`;
  const form = (build: (f: FormData) => void): RawBody => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    build(f);
    return { contentType: null, body: f };
  };
  return fc.oneof(
    // Not multipart
    fc
      .tuple(
        fc.constantFrom(
          null,
          "application/json",
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data",
          "multipart/mixed; boundary=x",
          "multipart/form-data;",
          "multipart/form-data; boundary=",
          'multipart/form-data; boundary=""',
          `multipart/form-data; boundary=${"b".repeat(300)}`,
        ),
        fc.oneof(fc.constantFrom("", "{}", "file=x"), trickyString),
      )
      .map(([contentType, body]) => ({ contentType, body })),
    // Multipart framing broken
    fc
      .constantFrom(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0089PNG`,
        `--${boundary}\r\n\r\nno headers\r\n--${boundary}--\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${boundary}--\r\n`,
        `--wrong\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nx\r\n--wrong--\r\n`,
        `${fieldParts.join("")}--${boundary}--\r\n`,
        `--${boundary}--\r\n`,
        "",
        `--${boundary}\nContent-Disposition: form-data; name="file"; filename="a.png"\n\nx\n--${boundary}--\n`,
      )
      .map((body) => ({ contentType: ok, body })),
    // Well-framed, but the file is missing, empty, doubled, or of no allowed type
    fc
      .tuple(
        trickyString,
        fc.oneof(
          trickyString,
          fc.constantFrom("MZ\u0090\u0000", "%PDX", "GIF88a", "RIFFxxxxWEBQ", "<svg onload=alert(1)>", ""),
        ),
        fc.constantFrom("image/png", "application/pdf", "text/html", "", "image/svg+xml"),
      )
      .map(([name, content, type]) => ({
        contentType: ok,
        body: `${fieldParts.join("")}${filePart(name, content, type)}--${boundary}--\r\n`,
      })),
    fc.tuple(trickyString, nastyString).map(([k, v]) => ({
      contentType: ok,
      body: `${part(boundary, [`Content-Disposition: form-data; name="${k.replace(/"/g, "")}"`], v)}--${boundary}--\r\n`,
    })),
    fc.constant(form((f) => f.append("file", "just text, not a file"))),
    fc.constant(form((f) => f.append("file", new Blob([]), "empty.png"))),
    fc.constant(
      form((f) => {
        f.append("file", new Blob([PNG]), "a.png");
        f.append("file", new Blob([PNG]), "b.png");
      }),
    ),
    fc
      .tuple(fc.uint8Array({ maxLength: 64 }), trickyString)
      .map(([bytes, name]) => form((f) => f.append("file", new Blob([new Uint8Array(bytes)]), name))),
    fc.tuple(trickyString, nastyString).map(([k, v]) =>
      form((f) => {
        f.append("file", new Blob([PNG]), "a.png");
        f.set("purpose", k);
        f.set(`x${k}`, v);
      }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// The request model and its targets

export type FuzzRequest = {
  /** The route (pattern) it was generated for, and which part was malformed. */
  route: string;
  target: string;
  method: string;
  /** Path segments as a router sees them (decoded). */
  segments: string[];
  query: string;
  headers: [string, string][];
  body?: string | Uint8Array | FormData;
};

/** A short description for failure messages (bodies can be 160 KB). */
export function describeRequest(r: FuzzRequest): string {
  const cut = (s: string, n = 160) => JSON.stringify(s.length > n ? `${s.slice(0, n)}…(${s.length})` : s);
  const body =
    r.body === undefined
      ? "none"
      : typeof r.body === "string"
        ? cut(r.body)
        : r.body instanceof FormData
          ? "FormData"
          : `${r.body.length} bytes`;
  return `${r.route} [malformed: ${r.target}] ${r.method} ${cut(r.segments.join("/"))} ?${cut(r.query, 80)} headers=${cut(JSON.stringify(r.headers), 200)} body=${body}`;
}

/** Low-probability junk on top of any request: odd languages, sales channels, forwarded-for, content types. */
export const noiseHeaders: fc.Arbitrary<[string, string][]> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<[string, string][]>([]) },
  {
    weight: 1,
    arbitrary: fc.array(
      fc.tuple(
        fc.constantFrom(
          "accept-language",
          "x-sales-channel",
          "x-forwarded-for",
          "content-type",
          "origin",
          "cookie",
          "x-requested-with",
          "if-none-match",
        ),
        headerJunk,
      ),
      { maxLength: 3 },
    ),
  },
);

/** The URL path of segments (each encoded once, as a browser would send them). */
export const encodedPath = (segments: string[]) => segments.map(enc).join("/");

export function makeRequest(origin: string, prefix: string, r: FuzzRequest): Request {
  const url = `${origin}${prefix}${encodedPath(r.segments)}${r.query ? `?${r.query}` : ""}`;
  const headers = new Headers();
  for (const [k, v] of r.headers) headers.append(k, v);
  const init: RequestInit = { method: r.method, headers };
  if (r.body !== undefined && r.method !== "GET" && r.method !== "HEAD")
    init.body = r.body instanceof Uint8Array ? new Uint8Array(r.body) : r.body;
  return new Request(url, init);
}

// ---------------------------------------------------------------------------------------------
// Answers and counts

export type FamilyStats = {
  family: string;
  requests: number;
  refused: number;
  /** 2xx answers: the request was valid after all, or the route answers any request (a signed-out session view is `{data: null}`). */
  accepted: number;
  /** Of those, the ones that served nothing: `{data: null}`. */
  acceptedEmpty: number;
  byStatus: Record<number, number>;
  codes: Record<string, number>;
  byRoute: Record<string, number>;
  msByRoute: Record<string, number>;
};

export const newStats = (family: string): FamilyStats => ({
  family,
  requests: 0,
  refused: 0,
  accepted: 0,
  acceptedEmpty: 0,
  byStatus: {},
  codes: {},
  byRoute: {},
  msByRoute: {},
});

/**
 * The rule every answer keeps: a 2xx (the request happened to be valid), or a 4xx whose JSON body is
 * `{error:{code,message}}` with a code the storefront has a message for. Never a 5xx, never 1xx/3xx.
 */
export async function checkAnswer(res: Response, r: FuzzRequest, stats: FamilyStats): Promise<void> {
  stats.requests++;
  stats.byStatus[res.status] = (stats.byStatus[res.status] ?? 0) + 1;
  stats.byRoute[r.route] = (stats.byRoute[r.route] ?? 0) + 1;
  const what = () => describeRequest(r);
  if (res.status >= 200 && res.status < 300) {
    stats.accepted++;
    const text = await res.text();
    if ((res.headers.get("content-type") ?? "").includes("json") && text.replace(/\s/g, "") === '{"data":null}')
      stats.acceptedEmpty++;
    return;
  }
  const text = await res.text();
  if (res.status < 400 || res.status >= 500)
    throw new Error(`answered ${res.status} ${text.slice(0, 300)} to ${what()}`);
  let body: { error?: { code?: unknown; message?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`answered ${res.status} with no JSON (${text.slice(0, 120)}) to ${what()}`);
  }
  const code = body.error?.code;
  if (
    typeof code !== "string" ||
    !isKnownErrorCode(code) ||
    typeof body.error?.message !== "string" ||
    body.error.message === ""
  ) {
    throw new Error(`answered ${res.status} without a known code and a message (${text.slice(0, 200)}) to ${what()}`);
  }
  stats.refused++;
  stats.codes[code] = (stats.codes[code] ?? 0) + 1;
}

/**
 * Runs `numRuns` generated requests of one family through `send` and checks each answer. Failures
 * name the seed and path to replay (FUZZ_SEED=… and fast-check's path), and a short description of
 * the shrunk request, never its 160 KB body.
 */
export async function fuzzFamily(
  stats: FamilyStats,
  arb: fc.Arbitrary<FuzzRequest>,
  send: (r: FuzzRequest) => Promise<Response>,
  numRuns = RUNS_PER_FAMILY,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arb, async (r) => {
      const start = performance.now();
      await checkAnswer(await send(r), r, stats);
      stats.msByRoute[r.route] = (stats.msByRoute[r.route] ?? 0) + performance.now() - start;
    }),
    {
      seed: FUZZ_SEED,
      numRuns,
      reporter: (run) => {
        if (!run.failed) return;
        const error = run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance);
        throw new Error(
          `fuzz family "${stats.family}" failed after ${run.numRuns} runs (replay: FUZZ_SEED=${run.seed}, path ${run.counterexamplePath}): ${error}`,
        );
      },
    },
  );
}

/**
 * Every family answered enough requests, and served nothing to most of them (a 4xx, or a 2xx of
 * `{data: null}`: a session view of a broken cookie is "signed out", logout always succeeds). The
 * generators make malformed requests, but some routes take anything (a public list ignores junk
 * query keys), so a family's floor is lower than the suite's (expectSuiteRefusedShare).
 */
export function expectFamilyCounts(stats: FamilyStats, minShare = 0.5) {
  expect(stats.requests, stats.family).toBeGreaterThanOrEqual(RUNS_PER_FAMILY);
  expect(
    (stats.refused + stats.acceptedEmpty) / stats.requests,
    `${stats.family}: share served nothing (${JSON.stringify(stats.byStatus)})`,
  ).toBeGreaterThanOrEqual(minShare);
}

/** Over a whole suite, the vast majority of the generated requests are malformed and served nothing. */
export function expectSuiteRefusedShare(all: FamilyStats[], minShare = 0.85) {
  const requests = all.reduce((n, s) => n + s.requests, 0);
  const nothing = all.reduce((n, s) => n + s.refused + s.acceptedEmpty, 0);
  expect(nothing / requests, `served nothing to ${nothing} of ${requests}`).toBeGreaterThanOrEqual(minShare);
}

/** A suite's clock: wall time and this process's CPU time (the machine is shared; CPU time is what the suite costs). */
export function startClock(): () => string {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return `${((performance.now() - wall) / 1000).toFixed(1)} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU`;
  };
}

/** The suite's log: one line per family (requests, refused, accepted, statuses), then the total. */
export function summary(title: string, clock: () => string, all: FamilyStats[]): string {
  const ms = (s: FamilyStats) => Object.values(s.msByRoute).reduce((a, b) => a + b, 0);
  const lines = all.map(
    (s) =>
      `${s.family.padEnd(38)} ${String(s.requests).padStart(5)} requests, ${String(s.refused).padStart(5)} refused, ${String(s.accepted).padStart(4)} accepted (${s.acceptedEmpty} with data null), ${(ms(s) / 1000).toFixed(1)} s  ${JSON.stringify(s.byStatus)}`,
  );
  const total = all.reduce((n, s) => n + s.requests, 0);
  const codes = [...new Set(all.flatMap((s) => Object.keys(s.codes)))].sort();
  return `${title}, ${clock()}:\n${lines.join("\n")}\ntotal ${total} requests (seed ${FUZZ_SEED}); refusal codes: ${codes.join(" ")}`;
}

// ---------------------------------------------------------------------------------------------
// Routes: a valid call of each, and generators that malform one part of it

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/** A header pair, or null for "not sent". */
export type HeaderPair = [string, string] | null;

/** How a suite proves who is calling: the valid credential and ones that must not count. */
export type Credentials = { valid: HeaderPair; bad: fc.Arbitrary<HeaderPair> };

export type RouteSpec = {
  method: HttpMethod;
  /** The route's pattern, ":name" for parameters, e.g. "cart/:id/items". */
  pattern: string;
  /** A valid value for each parameter. */
  params?: Record<string, string>;
  /** The valid query of a route that reads its query. */
  query?: Record<string, string>;
  /** The valid JSON body of a route that reads one. */
  body?: unknown;
  /** The other form fields of an upload route (the file is added). */
  multipart?: Record<string, string>;
  /** Headers the route reads (webhook secrets, signatures, the host), valid. */
  headers?: Record<string, string>;
  /** Wrong values worth trying for some of those headers, besides generated junk and none. */
  badHeaders?: Record<string, string[]>;
  /** Needs (or takes) the caller's credential. */
  auth: boolean;
  /** A second label when one pattern has several valid shapes (e.g. one per webhook provider). */
  variant?: string;
};

export const routeKey = (spec: Pick<RouteSpec, "method" | "pattern">) => `${spec.method} ${spec.pattern}`;

/** The label of a route's requests (FuzzRequest.route): its key, and its variant when it has one. */
export const routeLabel = (spec: RouteSpec) => (spec.variant ? `${routeKey(spec)} (${spec.variant})` : routeKey(spec));

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"] as const;

/**
 * Requests of one route with exactly one part malformed (its target); the other parts are valid.
 * `routing`: also requests the route does not serve (another method, a segment more or less), for
 * a router of our own; Next's file-system routing answers those for a route handler.
 */
export function routeRequests(spec: RouteSpec, cred: Credentials, routing = true): fc.Arbitrary<FuzzRequest> {
  const label = routeLabel(spec);
  const parts = spec.pattern.split("/");
  // ":name" takes one segment, a last "*name" the rest of the path: both are parameters.
  const isParam = (p: string) => p.startsWith(":") || p.startsWith("*");
  const segmentsWith = (name?: string, bad?: string) =>
    parts.map((p) => (isParam(p) ? (p.slice(1) === name ? bad! : spec.params![p.slice(1)]) : p));
  const validSegments = segmentsWith();
  const validQuery = spec.query ? queryString(spec.query) : "";
  const jsonHeaders: [string, string][] = spec.body !== undefined ? [["content-type", "application/json"]] : [];
  const validBody: fc.Arbitrary<{ body?: FuzzRequest["body"]; headers: [string, string][] }> =
    spec.multipart !== undefined
      ? fc.constant(null).map(() => {
          const f = new FormData();
          for (const [k, v] of Object.entries(spec.multipart!)) f.set(k, v);
          f.set("file", new Blob([PNG], { type: "image/png" }), "photo.png");
          return { body: f, headers: [] };
        })
      : fc.constant({ body: spec.body === undefined ? undefined : JSON.stringify(spec.body), headers: jsonHeaders });
  const fixedHeaders = Object.entries(spec.headers ?? {});

  type Shape = {
    method: string;
    segments: string[];
    query: string;
    body: { body?: FuzzRequest["body"]; headers: [string, string][] };
    cred: HeaderPair;
    routeHeaders: [string, string][];
  };
  const valid = {
    method: fc.constant<string>(spec.method),
    segments: fc.constant(validSegments),
    query: fc.constant(validQuery),
    body: validBody,
    cred: fc.constant(cred.valid),
    routeHeaders: fc.constant(fixedHeaders),
  };

  const targets: [string, fc.Arbitrary<Shape>][] = [];
  const withPart = <K extends keyof typeof valid>(target: string, key: K, arb: (typeof valid)[K]) =>
    targets.push([target, fc.record({ ...valid, [key]: arb }) as fc.Arbitrary<Shape>]);

  // The route itself: a method it does not have, a segment too many or too few.
  if (routing)
    targets.push([
      "route",
      fc
        .oneof(
          fc
            .constantFrom(...METHODS.filter((m) => m !== spec.method))
            .map((method) => ({ method, segments: validSegments })),
          fc
            .oneof(badId, fc.constantFrom("", "x", ".."))
            .map((extra) => ({ method: spec.method, segments: [...validSegments, extra] })),
          fc.constant({ method: spec.method, segments: validSegments.slice(0, -1) }),
        )
        .chain(({ method, segments }) =>
          fc.record({
            ...valid,
            method: fc.constant(method),
            segments: fc.constant(segments),
            body: method === "GET" || method === "HEAD" ? fc.constant({ headers: [] }) : validBody,
          }),
        ),
    ]);
  for (const p of parts.filter(isParam))
    withPart(
      `param ${p}`,
      "segments",
      badId.map((bad) => segmentsWith(p.slice(1), bad)),
    );
  if (spec.auth) withPart("credential", "cred", cred.bad);
  if (spec.query) withPart("query", "query", badQuery(spec.query));
  if (spec.body !== undefined) {
    withPart(
      "body",
      "body",
      badJsonBody(spec.body).map((body) => ({ body, headers: jsonHeaders })),
    );
    // The valid body declared as something else (the JSON routes read the text whatever it says: these may be 2xx).
    withPart(
      "content type",
      "body",
      fc
        .constantFrom<[string, string][]>(
          [],
          [["content-type", "text/plain"]],
          [["content-type", "application/x-www-form-urlencoded"]],
          [["content-type", "multipart/form-data; boundary=x"]],
          [["content-type", "application/json; charset=utf-16"]],
          [["content-type", "application/xml"]],
        )
        .map((headers) => ({ body: JSON.stringify(spec.body), headers })),
    );
  }
  if (spec.multipart !== undefined)
    withPart(
      "multipart body",
      "body",
      badMultipartBody(spec.multipart).map(({ contentType, body }) => ({
        body,
        headers: contentType ? [["content-type", contentType]] : [],
      })),
    );
  for (const name of Object.keys(spec.headers ?? {})) {
    const wrong = spec.badHeaders?.[name] ?? [];
    const value = wrong.length > 0 ? fc.oneof(fc.constantFrom(...wrong), headerJunk) : headerJunk;
    withPart(
      `header ${name}`,
      "routeHeaders",
      fc
        .option(value, { nil: null })
        .map((v) =>
          fixedHeaders.flatMap(([k, old]): [string, string][] =>
            k !== name ? [[k, old]] : v === null ? [] : [[k, v]],
          ),
        ),
    );
  }
  // Nothing else to malform: junk the route ignores (these may well be answered 2xx).
  if (targets.length === (routing ? 1 : 0))
    withPart(
      "ignored junk",
      "query",
      fc.dictionary(trickyString, urlString, { minKeys: 1, maxKeys: 3 }).map(queryString),
    );

  return fc
    .constantFrom(...targets)
    .chain(([target, shape]) => fc.tuple(fc.constant(target), shape, noiseHeaders))
    .map(
      ([target, s, noise]): FuzzRequest => ({
        route: label,
        target,
        method: s.method,
        segments: s.segments,
        query: s.query,
        headers: [...(s.cred ? [s.cred] : []), ...s.body.headers, ...s.routeHeaders, ...noise],
        body: s.body.body,
      }),
    );
}

// ---------------------------------------------------------------------------------------------
// The database: PGlite only

/**
 * describeEachDb on PGlite only: the fuzz suites check request handling (validation, codes,
 * statuses), which is the same code on both databases, and 1,000s of requests per family must run
 * in seconds. What PostgreSQL itself refuses (NUL in text, broken UTF-16 in JSON) is refused by
 * PGlite alike, and each finding gets a regression test on both databases (fuzz-findings.test.ts).
 */
export const describeOnPglite = (name: string, fn: (t: () => TestDb) => void) =>
  describeEachDb(name, fn, { kinds: ["pglite"] });
