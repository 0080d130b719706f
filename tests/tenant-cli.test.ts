import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "@/platform/db/client";
import { startSandboxServer } from "@/platform/sandbox/node-server";
import { listObjects } from "@/platform/sandbox/store";
import { openTestDatabase } from "./helpers/test-db";
import { main } from "@/scripts/tenant-cli";

// The real CLI (`npm run tenant` runs tsx on scripts/tenant.ts) in a child process, on a PGlite
// folder of its own: exit codes, what it prints, and that it refuses a folder another process
// holds; the other commands through the same entry in this process (cliHere).

const root = path.resolve(import.meta.dirname, "..");
const dataDir = `.data/tenant-cli-${randomBytes(4).toString("hex")}`;
const files = mkdtempSync(path.join(tmpdir(), "tenant-cli-"));

/** The CLI's environment: its own PGlite folder, no other database or platform. */
const CLI_ENV = { DATA_DIR: dataDir, DATABASE_URL: "", PLATFORM_API_URL: "", BASE_DOMAIN: "shops.example" };

function file(name: string, content: unknown): string {
  const p = path.join(files, name);
  writeFileSync(p, JSON.stringify(content));
  return p;
}

function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/tenant.ts", ...args], {
      cwd: root,
      env: { ...process.env, ...CLI_ENV },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The same commands through the CLI's own entry (`main`, which scripts/tenant.ts runs and whose
 * answer is the exit code), in this process: a child process costs ~3 s of start-up per command
 * (tsx, the platform's modules, PGlite), spent here on the commands whose process behaviour the
 * spawned ones above already prove.
 */
async function cliHere(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const cwd = process.cwd();
  for (const [name, value] of Object.entries(CLI_ENV)) vi.stubEnv(name, value);
  let stdout = "";
  let stderr = "";
  try {
    const code = await main(args, { log: (l) => (stdout += `${l}\n`), warn: (l) => (stderr += `${l}\n`) });
    return { code, stdout, stderr };
  } finally {
    vi.unstubAllEnvs();
    if (process.cwd() !== cwd) process.chdir(cwd);
  }
}

const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at /);

afterAll(() => {
  rmSync(path.join(root, dataDir), { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

describe("npm run tenant (the real CLI on PGlite)", () => {
  // The first two in a process of their own (exit codes 0 and 1, stdout and stderr apart), the
  // rest through the same entry in this process.
  it("add → settings (refused, then written) → payments → list and show, with exit codes", async () => {
    const added = await cli("add", "cli-shop", "--name", "CLI Shop");
    expect(added, added.stderr).toMatchObject({ code: 0, stderr: "" });
    expect(added.stdout).toMatch(/^Created tenant cli-shop \(CLI Shop\)/);

    const refused = await cli(
      "settings",
      "cli-shop",
      file("bad.json", { brandName: "CLI", cashEnabled: "true", frontendLanguages: "ar,de" }),
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("error: 2 invalid settings; nothing was changed");
    expect(refused.stderr).toMatch(/\n {2}cashEnabled: .*"True"/);
    expect(refused.stderr).toMatch(/\n {2}frontendLanguages: unknown language "de"/);
    noStack(refused.stderr);

    const written = await cliHere(
      "settings",
      "cli-shop",
      file("good.json", { brandName: "CLI", cashEnabled: "True", frontendLanguages: "ar,en" }),
    );
    expect(written, written.stderr).toMatchObject({ code: 0 });
    expect(written.stdout).toContain("3 added, 0 changed, 0 removed");
    expect(written.stdout).toContain("~30 s");

    const keys = {
      secretKey: "sk_live_cli0123456789secret",
      webhookSecret: "whsec_cli_0123456789hidden",
      publishableKey: "pk_live_cli0123456789",
    };
    const paid = await cliHere("payments", "cli-shop", "moyasar", "--file", file("keys.json", keys), "--live");
    expect(paid, paid.stderr).toMatchObject({ code: 0 });
    expect(paid.stdout).toContain("https://cli-shop.shops.example/api/app/payment/webhooks/moyasar");

    const list = await cliHere("list");
    expect(list, list.stderr).toMatchObject({ code: 0, stderr: "" });
    expect(list.stdout.split("\n")[0]).toMatch(/^SLUG\s+NAME\s+DOMAINS\s+LANGUAGES\s+PAYMENTS\s+WALLET$/);
    // The list says why a store offers no Apple Wallet passes.
    expect(list.stdout).toMatch(
      /\ncli-shop\s+CLI Shop\s+—\s+ar,en\s+moyasar:live\s+off \(walletPassesEnabled is not True\)\n/,
    );

    const shown = await cliHere("show", "cli-shop");
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("secretKey sk_live_…cret");
    for (const secret of [keys.secretKey, keys.webhookSecret])
      expect(shown.stdout + list.stdout + paid.stdout).not.toContain(secret);
  }, 180_000);

  it("payments --register-webhook registers the webhook with Tabby under the account's header title; other providers are told where to set it", async () => {
    const sandboxDb = await openTestDatabase("pglite");
    const sandbox = await startSandboxServer(sandboxDb.db);
    try {
      expect((await cliHere("add", "hook-shop", "--name", "Hook Shop")).code).toBe(0);
      const keys = {
        secretKey: "sk_test_hook0123456789",
        webhookSecret: "whsec_hook_0123456789",
        publicKey: "pk_test_hook0123456789",
        merchantCode: "hook_sa",
        webhookHeader: "X-Hook-Token",
      };
      const set = await cliHere(
        "payments",
        "hook-shop",
        "tabby",
        "--file",
        file("tabby.json", keys),
        "--base-url",
        `${sandbox.origin}/sandbox/tabby`,
        "--register-webhook",
      );
      expect(set, set.stderr).toMatchObject({ code: 0 });
      expect(set.stdout).toContain(
        "Registered https://hook-shop.shops.example/api/app/payment/webhooks/tabby with tabby (header X-Hook-Token).",
      );
      expect(set.stdout).toContain("Before going live: Tabby");
      expect(set.stdout).not.toContain(keys.webhookSecret);
      const hooks = await listObjects<{ url: string; merchant_code: string; header: { title: string; value: string } }>(
        sandboxDb.db,
        "tabby",
        "webhook",
        `${keys.secretKey}:hook_sa:`,
      );
      expect(hooks.map((h) => h.data)).toEqual([
        expect.objectContaining({
          url: "https://hook-shop.shops.example/api/app/payment/webhooks/tabby",
          merchant_code: "hook_sa",
          header: { title: "X-Hook-Token", value: keys.webhookSecret },
        }),
      ]);

      const moyasar = {
        secretKey: "sk_test_hook0123456789",
        webhookSecret: "whsec_moyasar_0123456789",
        publishableKey: "pk_test_hook0123456789",
      };
      expect(
        (
          await cliHere(
            "payments",
            "hook-shop",
            "moyasar",
            "--file",
            file("moyasar.json", moyasar),
            "--base-url",
            `${sandbox.origin}/sandbox/moyasar/v1`,
          )
        ).code,
      ).toBe(0);
      const registered = await cliHere("payments", "hook-shop", "moyasar", "--register-webhook");
      expect(registered, registered.stderr).toMatchObject({ code: 0 });
      expect(registered.stdout).toContain(
        "Registered https://hook-shop.shops.example/api/app/payment/webhooks/moyasar with moyasar.",
      );
      const moyasarHooks = await listObjects<{ url: string; shared_secret: string }>(
        sandboxDb.db,
        "moyasar",
        "webhook",
        "hook0123456789:",
      );
      expect(moyasarHooks.map((h) => h.data)).toEqual([
        expect.objectContaining({
          url: "https://hook-shop.shops.example/api/app/payment/webhooks/moyasar",
          shared_secret: moyasar.webhookSecret,
        }),
      ]);
      // MyFatoorah's webhooks are set in its portal: the CLI says where and with what.
      expect(
        (
          await cliHere(
            "payments",
            "hook-shop",
            "myfatoorah",
            "--file",
            file("mf.json", { secretKey: "mf_test_hook0123456789" }),
            "--sandbox",
          )
        ).code,
      ).toBe(0);
      const told = await cliHere("payments", "hook-shop", "myfatoorah", "--register-webhook");
      expect(told, told.stderr).toMatchObject({ code: 0 });
      expect(told.stdout).toContain(
        "myfatoorah webhooks are set in its dashboard: https://hook-shop.shops.example/api/app/payment/webhooks/myfatoorah",
      );
      expect(told.stdout).toContain("secret key into webhookSecret");
    } finally {
      await sandbox.close();
      await sandboxDb.close();
    }
  }, 180_000);

  it("branch and specialist: added from files, listed with ids, removed only when nothing depends on them", async () => {
    expect((await cliHere("add", "cli-staff", "--name", "CLI Staff")).code).toBe(0);
    const branch = await cliHere(
      "branch",
      "cli-staff",
      "--file",
      file("branch.json", { nameAr: "الفرع", nameEn: "Main branch", openingHours: { "0": ["09:00", "21:00"] } }),
    );
    expect(branch, branch.stderr).toMatchObject({ code: 0 });
    const branchId = /Added the branch ([0-9a-f-]{36})/.exec(branch.stdout)![1];
    const bad = await cliHere(
      "specialist",
      "cli-staff",
      "--file",
      file("bad-person.json", {
        nameAr: "س",
        nameEn: "S",
        workingHours: { "0": ["18:00", "09:00"] },
        branchIds: [branchId],
      }),
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("workingHours.0: The end must come after the start");
    noStack(bad.stderr);
    const person = await cliHere(
      "specialist",
      "cli-staff",
      "--file",
      file("person.json", {
        nameAr: "سارة",
        nameEn: "Sara",
        workingHours: { "0": ["09:00", "17:00"] },
        branchIds: [branchId],
      }),
    );
    expect(person, person.stderr).toMatchObject({ code: 0 });
    const personId = /Added the specialist ([0-9a-f-]{36})/.exec(person.stdout)![1];
    const listed = await cliHere("staff", "cli-staff");
    expect(listed.stdout).toContain(`${branchId}  Main branch — الفرع (1 specialists)`);
    expect(listed.stdout).toContain(`${personId}  Sara — سارة: no products in Main branch`);
    const linked = await cliHere("branch", "cli-staff", "--remove", branchId);
    expect(linked.code).toBe(1);
    expect(linked.stderr).toBe(
      "error: Specialists still work in this branch: Sara (take it out of their branchIds first)\n",
    );
    expect((await cliHere("specialist", "cli-staff", "--remove", personId)).stdout).toContain(
      `Removed the specialist ${personId}.`,
    );
    expect((await cliHere("branch", "cli-staff", "--remove", branchId)).stdout).toContain(
      `Removed the branch ${branchId}.`,
    );
  }, 180_000);

  it("answers usage errors and unknown tenants with exit 1 and one message", async () => {
    const [noName, unknown] = await Promise.all([cliHere("add", "x"), cliHere("show", "nobody")]);
    expect(noName.code).toBe(1);
    expect(noName.stderr).toMatch(/^error: add needs --name/);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('error: No tenant with the slug "nobody"\n');
  }, 90_000);

  it("refuses a PGlite folder that another process has open, naming it; a usage error needs no database", async () => {
    const held = await openDatabase({ dataDir: path.join(root, dataDir) });
    try {
      const result = await cli("list");
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`process ${process.pid} has it open`);
      expect(result.stderr).toContain("stop the server");
      expect(result.stdout).toBe("");
      // A usage error is answered without the database, so it is the message even now.
      const usage = await cli("add", "x");
      expect(usage.code).toBe(1);
      expect(usage.stderr).toMatch(/^error: add needs --name/);
    } finally {
      await held.close();
    }
  }, 90_000);
});
