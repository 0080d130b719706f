import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import type { Db } from "@/platform/db/client";
import { PlatformError } from "@/platform/errors";
import { PAYMENT_PROVIDERS } from "@/payment-providers/profiles";
import {
  addTenant,
  attachDomain,
  describeApi,
  listTenants,
  removeDomain,
  setSettings,
  settingsIssuesOf,
  type ProviderApi,
} from "@/platform/services/tenant-admin";
import {
  goLiveNote,
  parseProvider,
  registerPaymentWebhook,
  removePaymentAccount,
  setPaymentAccount,
  showTenant,
  webhookUrlSentWithPayments,
} from "@/platform/services/tenant-admin-payments";
import { renameProduct } from "@/platform/services/tenant-admin-products";
import { seedDemo } from "@/platform/seed/demo";
import { recordOfflinePayment, refuseTransfer } from "@/platform/services/record-payment";
import { campaignReport, type CampaignReport, type CampaignRow } from "@/platform/services/campaigns";
import { formatVitalsReport, vitalsReport } from "@/platform/services/web-vitals";
import { VITALS_KEPT_DAYS } from "@/rules/web-vitals";
import { listMessages, MESSAGE_STATUSES, retryMessage, type MessageStatus } from "@/platform/notify/admin";
import { describeWhatsApp, removeWhatsApp, setWhatsApp, whatsappIssues } from "@/platform/notify/whatsapp-admin";
import {
  conversionsIssues,
  describeConversions,
  removeConversion,
  setConversions,
} from "@/platform/notify/conversions-admin";
import {
  listStaff,
  removeBranch,
  removeSpecialist,
  saveBranch,
  saveSpecialist,
} from "@/platform/services/tenant-admin-staff";
import {
  describeWalletState,
  removeWalletCertificate,
  setWalletCertificate,
  walletStates,
} from "@/platform/services/wallet-passes";
import { CliError, cliEnv, openCliDatabase, root, type CliEnv } from "./tenant-db";

export const USAGE = `Usage: npm run tenant -- <command>

  add <slug> --name "<name>" [--settings file.json]   create a tenant (slug: a-z, 0-9, hyphens)
  domain <slug> <domain>                              attach a custom domain
  domain <slug> --remove <domain>                     detach it
  settings <slug> <file.json> [--replace]             merge settings (null removes a key); --replace: the file is the whole map
  payments <slug> <provider> --file keys.json [--live | --sandbox | --base-url <url>]
                                                      set a provider account (default --live: the provider's real API)
  payments <slug> <provider> --remove                 remove a provider account
  payments <slug> <provider> --register-webhook       register the webhook URL with the provider where its API takes one, else say where to set it
  list [--json]                                       tenants, domains, languages, provider APIs
  show <slug> [--json]                                one tenant; secrets masked
  paid <slug> <order-number>                          record a cash or bank-transfer order as paid in full (issues its tax invoice)
  whatsapp <slug> --file whatsapp.json [--live | --sandbox | --base-url <url>]
                                                      set the WhatsApp Business sender: phone number id, access token, a template per message kind
  whatsapp <slug> --remove                            remove it (every message goes by text message)
  conversions <slug> --file conversions.json [--sandbox | --base-url <url>]
                                                      the ad platforms' server credentials (meta, tiktok, snap, ga4):
                                                      each order's Purchase is sent from the server too
  conversions <slug> --remove <platform>              stop sending to that platform
  refuse-transfer <slug> <order-number>               tell the customer their bank transfer was not found (the order stays under review)
  messages <slug> [--status failed|pending|sent|cancelled]
                                                      the customer messages (failed first): kind, number (masked), tries, last error
  messages <slug> --retry <id>                        send a failed message again
  campaigns <slug> [--days 30] [--json]               orders and revenue (with VAT) of the last days per UTM source,
                                                      UTM campaign, ad platform (by click id) and coupon
  vitals <slug> [--days 28] [--json]                  real shoppers' Web Vitals: the 75th percentile of LCP, INP, CLS, FCP, TTFB
                                                      per page type, device and language, rated by Google's thresholds
  product <slug> <product-id> [--name-ar <name>] [--name-en <name>] [--slug-ar <slug>] [--slug-en <slug>]
                                                      rename a product or set its addresses (/products/<slug>);
                                                      a new name gives a new slug, and every old address keeps leading to it
  staff <slug> [--json]                               branches and specialists, with their ids
  branch <slug> --file branch.json [--id <id>]        add a branch (or replace the one with this id)
  branch <slug> --remove <id>                         remove a branch no specialist works in
  specialist <slug> --file person.json [--id <id>]    add a specialist (or replace the one with this id)
  specialist <slug> --remove <id>                     remove a specialist who serves no product and has no booking to come
  wallet <slug> --file wallet.json                    set the Apple Wallet pass certificate (checked: key, certificate, dates)
  wallet <slug> --remove                              remove it (no "Add to Apple Wallet" then)
  migrate                                             migrate the database (deployments: once, before starting instances)
  setup                                               create, migrate and seed the demo (SEED_DEMO): npm start runs it when DATA_DIR is empty

Providers: ${PAYMENT_PROVIDERS.join(", ")}. Database: DATABASE_URL, else PGlite in DATA_DIR (stop the
server first: one process per folder). Running servers pick up changes within ~30 s.
Exit codes: 0 done, 1 usage or refused (nothing changed), 2 database out of reach or unexpected failure.`;

const usage = (message: string) => new CliError(`${message}\n\n${USAGE}`);

type Out = { log: (line: string) => void; warn: (line: string) => void };

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(path.resolve(process.cwd(), file), "utf8");
  } catch (err) {
    throw new CliError(
      `Cannot read ${file}: ${(err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new CliError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
}

function positionals(args: string[], count: number, names: string) {
  if (args.length !== count) throw usage(`Expected ${names}`);
  return args;
}

const table = (rows: string[][]) => {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows
    .map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]))).join("  "))
    .join("\n");
};
const apis = (providers: Record<string, ProviderApi>) =>
  Object.entries(providers)
    .map(([p, api]) => `${p}:${describeApi(api)}`)
    .join(" ") || "—";

const TAKES_EFFECT = "Running servers use it within ~30 s (their tenant cache).";

type Flags = Record<string, string | boolean | (string | boolean)[] | undefined>;
/** The work of a command whose arguments are valid, given the open database. */
type Run = (db: Db, env: CliEnv, out: Out) => Promise<void>;
/**
 * `parse` checks the arguments and files without the database, so a usage error answers at once,
 * even while a server holds the PGlite folder; it returns the work to do with the database.
 */
type Command = { create?: boolean; options?: ParseArgsConfig["options"]; parse: (args: string[], flags: Flags) => Run };

/** The campaigns report as the owner reads it: a headline, then a table per dimension, biggest first. */
export function formatCampaignReport(slug: string, days: number, r: CampaignReport): string {
  const sar = (halalas: number) => (halalas / 100).toFixed(2);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const head = `${slug}, ${day(r.since)} to ${day(r.until)} (${days} days): ${r.orders} orders, ${sar(r.revenue)} SAR with VAT.`;
  if (r.orders === 0) return head;
  const section = (title: string, rows: CampaignRow[]) =>
    `${title}\n${table([
      ["", "orders", "revenue (SAR)", "share"],
      ...rows.map((row) => [row.key, String(row.orders), sar(row.revenue), `${(row.share * 100).toFixed(1)}%`]),
    ])}`;
  return [
    head,
    section("UTM source", r.bySource),
    section("UTM campaign", r.byCampaign),
    section("Ad platform (click id)", r.byClickPlatform),
    section("Coupon", r.byCoupon),
  ].join("\n\n");
}

/** `branch` and `specialist`: added or replaced from a file, or removed by id. */
function staffCommand(
  noun: string,
  save: (db: Db, slug: string, input: unknown, id?: string) => Promise<{ id: string; created: boolean }>,
  remove: (db: Db, slug: string, id: string) => Promise<string>,
): Command {
  return {
    options: { file: { type: "string" }, id: { type: "string" }, remove: { type: "string" } },
    parse(args, flags) {
      const [slug] = positionals(args, 1, `${noun} <slug> --file ${noun}.json`);
      if (typeof flags.remove === "string") {
        const id = flags.remove;
        return async (db, _env, out) => out.log(`${await remove(db, slug, id)} ${TAKES_EFFECT}`);
      }
      if (typeof flags.file !== "string") throw usage(`${noun} needs --file ${noun}.json or --remove <id>`);
      const input = readJson(flags.file);
      const id = typeof flags.id === "string" ? flags.id : undefined;
      return async (db, _env, out) => {
        const r = await save(db, slug, input, id);
        out.log(`${r.created ? "Added" : "Replaced"} the ${noun} ${r.id}. ${TAKES_EFFECT}`);
      };
    },
  };
}

const COMMANDS: Record<string, Command> = {
  add: {
    create: true,
    options: { name: { type: "string" }, settings: { type: "string" } },
    parse(args, flags) {
      const [slug] = positionals(args, 1, 'add <slug> --name "<name>"');
      const name = flags.name;
      if (typeof name !== "string") throw usage('add needs --name "<name>"');
      const settings = typeof flags.settings === "string" ? readJson(flags.settings) : undefined;
      return async (db, _env, out) => {
        const tenant = await addTenant(db, { slug, name, settings });
        out.log(`Created tenant ${tenant.slug} (${tenant.name}), id ${tenant.id}.`);
      };
    },
  },
  domain: {
    options: { remove: { type: "boolean" } },
    parse(args, flags) {
      const [slug, domain] = positionals(args, 2, "domain <slug> <domain> or domain <slug> --remove <domain>");
      if (flags.remove) {
        return async (db, env, out) => {
          await removeDomain(db, slug, domain, { baseDomain: env.BASE_DOMAIN });
          out.log(`Removed ${domain} from ${slug}. ${TAKES_EFFECT}`);
        };
      }
      return async (db, env, out) => {
        const result = await attachDomain(db, slug, domain, { baseDomain: env.BASE_DOMAIN });
        out.log(
          result.alreadyAttached
            ? `${result.domain} is already attached to ${slug}.`
            : `Attached ${result.domain} to ${slug}. Point its DNS at the load balancer and add it to the TLS certificate. ${TAKES_EFFECT}`,
        );
      };
    },
  },
  settings: {
    options: { replace: { type: "boolean" } },
    parse(args, flags) {
      const [slug, file] = positionals(args, 2, "settings <slug> <file.json>");
      const settings = readJson(file);
      return async (db, _env, out) => {
        const r = await setSettings(db, slug, settings, { replace: !!flags.replace });
        for (const [sign, keys] of [
          ["+", r.added],
          ["~", r.changed],
          ["-", r.removed],
        ] as const)
          for (const k of keys) out.log(`  ${sign} ${k}`);
        out.log(
          `Settings of ${slug}: ${r.added.length} added, ${r.changed.length} changed, ${r.removed.length} removed, ${r.unchanged} unchanged. ${TAKES_EFFECT}`,
        );
      };
    },
  },
  payments: {
    options: {
      file: { type: "string" },
      live: { type: "boolean" },
      sandbox: { type: "boolean" },
      "base-url": { type: "string" },
      remove: { type: "boolean" },
      "register-webhook": { type: "boolean" },
    },
    parse(args, flags) {
      const [slug, providerName] = positionals(args, 2, "payments <slug> <provider> --file keys.json");
      const provider = parseProvider(providerName);
      const register = async (db: Db, env: CliEnv, out: Out) => {
        const r = await registerPaymentWebhook(db, slug, provider, { baseDomain: env.BASE_DOMAIN });
        out.log(
          r.registered
            ? `Registered ${r.url} with ${provider}${r.header ? ` (header ${r.header})` : ""}.`
            : `${provider} webhooks are set in its dashboard: ${r.url}\n  ${r.note}`,
        );
      };
      if (flags["register-webhook"] && flags.file === undefined) return register;
      if (flags.remove) {
        return async (db, _env, out) => {
          await removePaymentAccount(db, slug, provider);
          out.log(`Removed ${slug}'s ${provider} account. ${TAKES_EFFECT}`);
        };
      }
      const modes = [flags.live, flags.sandbox, flags["base-url"]].filter((f) => f !== undefined);
      if (modes.length > 1) throw usage("Give one of --live, --sandbox, --base-url");
      if (typeof flags.file !== "string")
        throw usage(
          "payments needs --file keys.json (secrets are never taken from the command line: it shows in ps and shell history)",
        );
      const api: ProviderApi = flags.sandbox
        ? "sandbox"
        : typeof flags["base-url"] === "string"
          ? { url: flags["base-url"] }
          : "live";
      const keys = readJson(flags.file);
      return async (db, env, out) => {
        const result = await setPaymentAccount(db, slug, provider, keys, api);
        for (const w of result.warnings) out.warn(`warning: ${w}`);
        const settings = result.settings.length > 0 ? ` Settings written: ${result.settings.join(", ")}.` : "";
        out.log(
          `${slug}'s ${provider} account now uses the ${describeApi(result.api)} API.${settings} ${TAKES_EFFECT}`,
        );
        const details = await showTenant(db, slug, { baseDomain: env.BASE_DOMAIN });
        const webhook = details.payments.find((p) => p.provider === provider)?.webhookUrl;
        if (webhook)
          out.log(
            webhookUrlSentWithPayments(provider)
              ? `Webhook: ${webhook} (sent with each order).`
              : `Register this webhook URL with ${provider}: ${webhook}`,
          );
        out.log(`Before going live: ${goLiveNote(provider)}.`);
        if (flags["register-webhook"]) await register(db, env, out);
      };
    },
  },
  list: {
    options: { json: { type: "boolean" } },
    parse(args, flags) {
      positionals(args, 0, "list");
      return async (db, _env, out) => {
        const [tenants, wallets] = await Promise.all([listTenants(db), walletStates(db)]);
        const wallet = (slug: string) =>
          describeWalletState(wallets.get(slug) ?? { offered: false, reason: "setting" });
        if (flags.json)
          return out.log(
            JSON.stringify(
              tenants.map((t) => ({ ...t, walletPasses: wallet(t.slug) })),
              null,
              2,
            ),
          );
        if (tenants.length === 0) return out.log("No tenants.");
        out.log(
          table([
            ["SLUG", "NAME", "DOMAINS", "LANGUAGES", "PAYMENTS", "WALLET"],
            ...tenants.map((t) => [
              t.slug,
              t.name,
              t.domains.join(",") || "—",
              t.languages.join(","),
              apis(t.providers),
              wallet(t.slug),
            ]),
          ]),
        );
      };
    },
  },
  show: {
    options: { json: { type: "boolean" } },
    parse(args, flags) {
      const [slug] = positionals(args, 1, "show <slug>");
      return async (db, env, out) => {
        const t = await showTenant(db, slug, { baseDomain: env.BASE_DOMAIN });
        if (flags.json) return out.log(JSON.stringify(t, null, 2));
        out.log(
          `${t.slug} — ${t.name}\n  id         ${t.id}\n  created    ${t.createdAt}\n  addresses  ${t.addresses.join(", ")}\n  languages  ${t.languages.join(", ")}`,
        );
        out.log(`settings (${Object.keys(t.settings).length})`);
        for (const [k, v] of Object.entries(t.settings))
          out.log(`  ${k} = ${v.length > 80 ? `${v.slice(0, 77)}…` : v}`);
        out.log(`payment accounts (${t.payments.length})`);
        for (const p of t.payments) {
          out.log(
            `  ${p.provider}: ${describeApi(p.api)} API, secretKey ${p.secretKey}, webhookSecret ${p.webhookSecret ?? "(none: webhooks refused)"}${p.applePayDomainAssociation ? ", Apple Pay domain file set" : ""}`,
          );
          out.log(`    webhook ${p.webhookUrl}`);
        }
        const wa = await describeWhatsApp(db, slug);
        out.log(
          wa
            ? `whatsapp: ${wa.api} API, phone number id ${wa.phoneNumberId}, token ${wa.accessToken}, templates for ${Object.keys(wa.templates).join(", ")}`
            : "whatsapp: none (every message goes by text message)",
        );
        const conversions = await describeConversions(db, slug);
        out.log(`conversions (${conversions.length})`);
        for (const c of conversions) out.log(`  ${c.platform}: ${c.api} API, id ${c.pixelId}, token ${c.accessToken}`);
      };
    },
  },
  paid: {
    parse(args) {
      const [slug, orderNumber] = positionals(args, 2, "paid <slug> <order-number>");
      return async (db, _env, out) => {
        const r = await recordOfflinePayment(db, slug, orderNumber);
        if (r.alreadyPaid) return out.log(`Order ${r.orderNumber} was already recorded as paid; nothing changed.`);
        out.log(
          `Order ${r.orderNumber} is paid (${r.total.toFixed(2)} SAR).${r.invoiced ? " Its simplified tax invoice is issued." : " No tax invoice: the store has no VAT number."}`,
        );
      };
    },
  },
  whatsapp: {
    options: {
      file: { type: "string" },
      remove: { type: "boolean" },
      live: { type: "boolean" },
      sandbox: { type: "boolean" },
      "base-url": { type: "string" },
    },
    parse(args, flags) {
      const [slug] = positionals(args, 1, "whatsapp <slug> --file whatsapp.json");
      if (flags.remove) {
        return async (db, _env, out) => {
          const removed = await removeWhatsApp(db, slug);
          out.log(
            removed
              ? `Removed ${slug}'s WhatsApp sender: its messages go by text now.`
              : `${slug} had no WhatsApp sender; nothing changed.`,
          );
        };
      }
      if (typeof flags.file !== "string")
        throw usage(
          "whatsapp needs --file whatsapp.json (the access token is never taken from the command line) or --remove",
        );
      const input = readJson(flags.file);
      // Checked before the database is opened, so a bad file answers at once.
      const issues = whatsappIssues(input);
      if (issues.length > 0)
        throw new CliError(
          `${flags.file} is not a WhatsApp sender:\n${issues.map((i) => `  ${i.key}: ${i.message}`).join("\n")}`,
        );
      const baseUrl = flags.sandbox ? "sandbox" : typeof flags["base-url"] === "string" ? flags["base-url"] : null;
      return async (db, _env, out) => {
        const r = await setWhatsApp(db, slug, input, baseUrl);
        const shown = await describeWhatsApp(db, slug);
        out.log(
          `${r.replaced ? "Replaced" : "Set"} ${slug}'s WhatsApp sender (${shown!.api} API, token ${shown!.accessToken}): templates for ${r.kinds.join(", ") || "no kind"}; other kinds go by text message.`,
        );
      };
    },
  },
  conversions: {
    options: {
      file: { type: "string" },
      remove: { type: "string" },
      sandbox: { type: "boolean" },
      "base-url": { type: "string" },
    },
    parse(args, flags) {
      const [slug] = positionals(args, 1, "conversions <slug> --file conversions.json");
      if (typeof flags.remove === "string") {
        const platform = flags.remove;
        return async (db, _env, out) => {
          const removed = await removeConversion(db, slug, platform);
          out.log(
            removed
              ? `Removed ${slug}'s ${platform} credentials: its Purchases are no longer sent from the server.`
              : `${slug} had no ${platform} credentials; nothing changed.`,
          );
        };
      }
      if (typeof flags.file !== "string")
        throw usage(
          "conversions needs --file conversions.json (the tokens are never taken from the command line) or --remove <platform>",
        );
      const input = readJson(flags.file);
      // Checked before the database is opened (Meta's pixel id may come from the store's setting: checked again then).
      const issues = conversionsIssues(input, "0000000000").filter((i) => i.key !== "meta.pixelId");
      if (issues.length > 0)
        throw new CliError(
          `${flags.file} is not a conversions file:\n${issues.map((i) => `  ${i.key}: ${i.message}`).join("\n")}`,
        );
      const baseUrl = flags.sandbox ? "sandbox" : typeof flags["base-url"] === "string" ? flags["base-url"] : null;
      return async (db, _env, out) => {
        const r = await setConversions(db, slug, input, baseUrl);
        const shown = (await describeConversions(db, slug)).filter((c) => r.platforms.includes(c.platform));
        out.log(
          `Set ${slug}'s server credentials: ${shown.map((c) => `${c.platform} (${c.api} API, id ${c.pixelId}, token ${c.accessToken})`).join(", ")}.`,
        );
        if (r.noShopperAsked)
          out.warn(
            `Note: ${slug} asks shoppers before tracking them (consentBannerEnabled) but has no browser pixel, so it shows no banner and no shopper ever accepts: no Purchase will be sent from the server. Set its pixel ids, or consentBannerEnabled "False" where its privacy policy allows.`,
          );
      };
    },
  },
  "refuse-transfer": {
    parse(args) {
      const [slug, orderNumber] = positionals(args, 2, "refuse-transfer <slug> <order-number>");
      return async (db, _env, out) => {
        const r = await refuseTransfer(db, slug, orderNumber);
        out.log(
          r.alreadyTold
            ? `The customer of order ${r.orderNumber} was already told about this receipt; nothing more is sent.`
            : `The customer of order ${r.orderNumber} is told their transfer was not found; the order stays under review until a new receipt or \`paid\`.`,
        );
      };
    },
  },
  messages: {
    options: { status: { type: "string" }, retry: { type: "string" }, json: { type: "boolean" } },
    parse(args, flags) {
      const [slug] = positionals(args, 1, "messages <slug>");
      const status = flags.status;
      if (status !== undefined && !MESSAGE_STATUSES.includes(status as MessageStatus))
        throw usage(`--status takes ${MESSAGE_STATUSES.join(", ")}`);
      if (typeof flags.retry === "string") {
        const id = flags.retry;
        return async (db, _env, out) => {
          await retryMessage(db, slug, id);
          out.log(`Message ${id} is queued again; a running server sends it within seconds.`);
        };
      }
      return async (db, _env, out) => {
        const lines = await listMessages(db, slug, { status: status as MessageStatus | undefined });
        if (flags.json) return out.log(JSON.stringify(lines, null, 2));
        if (lines.length === 0) return out.log(`${slug} has no ${status ?? ""} messages.`.replace("  ", " "));
        const when = (d: Date | null) => (d ? d.toISOString().replace("T", " ").slice(0, 19) : "—");
        out.log(
          table([
            ["id", "kind", "to", "status", "tries", "via", "sent (UTC)", "last error"],
            ...lines.map((l) => [
              l.id,
              l.kind,
              l.to,
              l.status,
              String(l.attempts),
              l.channel ?? "—",
              l.sentAt ? when(l.sentAt) : `due ${when(l.sendAt)}`,
              l.lastError ?? "",
            ]),
          ]),
        );
      };
    },
  },
  campaigns: {
    options: { days: { type: "string" }, json: { type: "boolean" } },
    parse(args, flags) {
      const [slug] = positionals(args, 1, "campaigns <slug>");
      const days = flags.days === undefined ? 30 : Number(flags.days);
      if (!Number.isInteger(days) || days < 1 || days > 3660)
        throw usage("--days takes a whole number of days, 1 to 3660");
      return async (db, _env, out) => {
        const r = await campaignReport(db, slug, { days });
        out.log(flags.json ? JSON.stringify(r, null, 2) : formatCampaignReport(slug, days, r));
      };
    },
  },
  vitals: {
    options: { days: { type: "string" }, json: { type: "boolean" } },
    parse(args, flags) {
      const [slug] = positionals(args, 1, "vitals <slug>");
      const days = flags.days === undefined ? 28 : Number(flags.days);
      if (!Number.isInteger(days) || days < 1 || days > VITALS_KEPT_DAYS)
        throw usage(`--days takes a whole number of days, 1 to ${VITALS_KEPT_DAYS} (the days kept)`);
      return async (db, _env, out) => {
        const r = await vitalsReport(db, slug, { days });
        out.log(flags.json ? JSON.stringify(r, null, 2) : formatVitalsReport(slug, days, r));
      };
    },
  },
  product: {
    options: {
      "name-ar": { type: "string" },
      "name-en": { type: "string" },
      "slug-ar": { type: "string" },
      "slug-en": { type: "string" },
    },
    parse(args, flags) {
      const [slug, id] = positionals(args, 2, "product <slug> <product-id>");
      const text = (name: string) => (typeof flags[name] === "string" ? (flags[name] as string) : undefined);
      const naming = {
        nameAr: text("name-ar"),
        nameEn: text("name-en"),
        slugAr: text("slug-ar"),
        slugEn: text("slug-en"),
      };
      return async (db, _env, out) => {
        const p = await renameProduct(db, slug, id, naming);
        out.log(`${p.nameEn} — ${p.nameAr}\n  /products/${p.slugAr}\n  /en/products/${p.slugEn}\n${TAKES_EFFECT}`);
      };
    },
  },
  staff: {
    options: { json: { type: "boolean" } },
    parse(args, flags) {
      const [slug] = positionals(args, 1, "staff <slug>");
      return async (db, _env, out) => {
        const staff = await listStaff(db, slug);
        if (flags.json) return out.log(JSON.stringify(staff, null, 2));
        out.log(`branches (${staff.branches.length})`);
        for (const b of staff.branches) out.log(`  ${b.id}  ${b.nameEn} — ${b.nameAr} (${b.specialists} specialists)`);
        out.log(`specialists (${staff.specialists.length})`);
        for (const p of staff.specialists) {
          const limits = [p.pricesOnly ? "some prices only" : "", p.daysOff ? `${p.daysOff} days off` : ""]
            .filter(Boolean)
            .join(", ");
          out.log(
            `  ${p.id}  ${p.nameEn} — ${p.nameAr}: ${p.products.join(", ") || "no products"} in ${p.branches.join(", ") || "no branch"}${limits ? ` (${limits})` : ""}`,
          );
        }
      };
    },
  },
  branch: staffCommand("branch", saveBranch, async (db, slug, id) => {
    await removeBranch(db, slug, id);
    return `Removed the branch ${id}.`;
  }),
  specialist: staffCommand("specialist", saveSpecialist, async (db, slug, id) => {
    const r = await removeSpecialist(db, slug, id);
    return r.kept
      ? `${id} serves nothing now; kept for the records of their past bookings.`
      : `Removed the specialist ${id}.`;
  }),
  wallet: {
    options: { file: { type: "string" }, remove: { type: "boolean" } },
    parse(args, flags) {
      const [slug] = positionals(args, 1, "wallet <slug> --file wallet.json");
      if (flags.remove) {
        return async (db, _env, out) => {
          const r = await removeWalletCertificate(db, slug);
          out.log(
            r.removed
              ? `Removed ${slug}'s wallet pass certificate: no "Add to Apple Wallet" now. ${TAKES_EFFECT}`
              : `${slug} had no wallet pass certificate; nothing changed.`,
          );
        };
      }
      if (typeof flags.file !== "string")
        throw usage(
          "wallet needs --file wallet.json (the certificate and key are never taken from the command line) or --remove",
        );
      const input = readJson(flags.file);
      return async (db, _env, out) => {
        const r = await setWalletCertificate(db, slug, input);
        out.log(
          `${r.replaced ? "Replaced" : "Set"} ${slug}'s wallet pass certificate.${r.settingOn ? "" : ' Passes are offered once walletPassesEnabled is "True" in its settings.'} ${TAKES_EFFECT}`,
        );
      };
    },
  },
  setup: {
    create: true,
    parse(args) {
      positionals(args, 0, "setup");
      return async (db, env, out) => {
        const seeded = env.SEED_DEMO && (await seedDemo(db));
        out.log(`The database is ready${seeded ? ", with the demo stores" : ""}.`);
      };
    },
  },
  migrate: {
    create: true,
    parse(args) {
      positionals(args, 0, "migrate");
      return async (_db, _env, out) => out.log("The database is migrated.");
    },
  },
};

/** Runs one command; answers the exit code. Expected errors are one message on stderr, never a stack. */
export async function main(
  argv: string[],
  out: Out = { log: (l) => console.log(l), warn: (l) => console.error(l) },
): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    (name ? out.log : out.warn)(USAGE);
    return name ? 0 : 1;
  }
  try {
    // Relative folders (DATA_DIR) are the project's; a worker thread may not change directory, so only when needed.
    if (process.cwd() !== root) process.chdir(root);
    const command = COMMANDS[name];
    if (!command) throw usage(`Unknown command "${name}"`);
    let parsed: ReturnType<typeof parseArgs>;
    try {
      parsed = parseArgs({ args: rest, options: command.options ?? {}, allowPositionals: true, strict: true });
    } catch (err) {
      throw usage((err as Error).message);
    }
    const run = command.parse(parsed.positionals, parsed.values);
    const env = cliEnv();
    const { handle } = await openCliDatabase(env, { create: !!command.create });
    try {
      await run(handle.db, env, out);
    } finally {
      await handle.close();
    }
    return 0;
  } catch (err) {
    if (err instanceof CliError) {
      out.warn(`error: ${err.message}`);
      return err.exitCode;
    }
    if (err instanceof PlatformError) {
      out.warn(`error: ${err.message}`);
      for (const issue of settingsIssuesOf(err)) out.warn(`  ${issue.key}: ${issue.message}`);
      return 1;
    }
    out.warn(`error: unexpected failure: ${(err as Error)?.stack ?? String(err)}`);
    return 2;
  }
}
