import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./test";

/** Every file the browser can download: what the production build put under .next/static. */
function staticFiles(dir = path.join(".next", "static")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? staticFiles(p) : [p];
  });
}

const sourceConstant = (file: string, name: string) =>
  new RegExp(`const ${name} = "([^"]+)"`).exec(readFileSync(file, "utf8"))![1];

// Runs in the desktop project only (it reads the build, not a page).
test("no signing key, session password, provider secret or token is in any file under .next/static", () => {
  const secrets = [
    sourceConstant("platform/services/access-tokens.ts", "DEVELOPMENT_KEY"),
    sourceConstant("lib/session/session.ts", "DEVELOPMENT_PASSWORD"),
    process.env.JWT_SECRET,
    process.env.SESSION_PASSWORD,
    process.env.SMS_GATEWAY_KEY,
    // The demo store's provider secret keys and webhook secrets (server-only table).
    ...[
      ...readFileSync("platform/seed/demo-payments.ts", "utf8").matchAll(/(?:secretKey|webhookSecret): "([^"]+)"/g),
    ].map((m) => m[1]),
  ].filter((s): s is string => !!s);
  expect(secrets.length).toBeGreaterThanOrEqual(12);

  const files = staticFiles();
  expect(files.length).toBeGreaterThan(10);
  const jwtLike = /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{20,}/;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const secret of secrets) expect(text.includes(secret), `${secret.slice(0, 12)}… in ${file}`).toBe(false);
    expect(jwtLike.test(text), `a JWT in ${file}`).toBe(false);
    expect(/\bsk_(test|live)_[A-Za-z0-9]{8,}/.test(text), `a secret provider key in ${file}`).toBe(false);
  }
});
