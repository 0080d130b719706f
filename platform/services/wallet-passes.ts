import "server-only";
import { eq } from "drizzle-orm";
import type { pki } from "node-forge";
import { z } from "zod";
import type { Db } from "../db/client";
import { tenants, tenantWalletPasses } from "../db/schema";
import { notFound, validation } from "../errors";
import { toTenantConfig } from "@/contract/tenant-settings";
import { passableLine } from "@/rules/wallet-pass";
import type { Locale } from "@/contract/tenant-settings";
import { readCart } from "./cart";
import { tenantBySlug } from "./tenant-admin";
import type { OwnerScope } from "./own-cart";

/**
 * Apple Wallet passes (spec §3 "wallet passes enabled"): a paid booking or subscription of a placed
 * order as a signed .pkpass, built with passkit-generator and signed with the tenant's own Pass Type
 * ID certificate (set through the operator CLI, checked when set). Offered only when the setting is
 * on and a certificate is there; `walletPassState` says which is missing.
 *
 * The signing libraries (passkit-generator with joi and node-forge, pngjs) are loaded when a pass
 * or a certificate is handled, not with the platform's routes: ~4 MB of heap that every server
 * would otherwise hold for a feature most requests never touch.
 */

export type WalletPassState = { offered: true } | { offered: false; reason: "setting" | "certificate" };

export function walletPassState(settings: Record<string, string>, hasCertificate: boolean): WalletPassState {
  if (!toTenantConfig(settings).walletPassesEnabled) return { offered: false, reason: "setting" };
  return hasCertificate ? { offered: true } : { offered: false, reason: "certificate" };
}

export async function hasWalletCertificate(db: Db, tenantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tenantWalletPasses.tenantId })
    .from(tenantWalletPasses)
    .where(eq(tenantWalletPasses.tenantId, tenantId))
    .limit(1);
  return !!row;
}

/** Every tenant's wallet pass state by slug, for the operator's list (which says why passes are not offered). */
export async function walletStates(db: Db): Promise<Map<string, WalletPassState>> {
  const [rows, certs] = await Promise.all([
    db.select({ id: tenants.id, slug: tenants.slug, settings: tenants.settings }).from(tenants),
    db.select({ id: tenantWalletPasses.tenantId }).from(tenantWalletPasses),
  ]);
  const withCert = new Set(certs.map((c) => c.id));
  return new Map(rows.map((r) => [r.slug, walletPassState(r.settings, withCert.has(r.id))]));
}

/** How the operator reads a state. */
export const describeWalletState = (s: WalletPassState) =>
  s.offered
    ? "on"
    : s.reason === "setting"
      ? "off (walletPassesEnabled is not True)"
      : "off (no certificate: npm run tenant -- wallet <slug> --file wallet.json)";

const pem = (kind: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(20_000)
    .refine((v) => v.includes(`-----BEGIN ${kind}`), `Expected a PEM ${kind.toLowerCase()}`);

export const WalletCertificateFile = z.strictObject({
  /** Apple's Pass Type ID, e.g. pass.sa.rimal.booking. */
  passTypeIdentifier: z
    .string()
    .trim()
    .regex(/^pass\.[A-Za-z0-9.-]{1,200}$/, "Expected a Pass Type ID such as pass.sa.store.booking"),
  /** The Apple Developer team ID (10 letters and digits). */
  teamIdentifier: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{10}$/, "Expected the 10-character team ID"),
  signerCert: pem("CERTIFICATE"),
  signerKey: z
    .string()
    .trim()
    .min(1)
    .max(20_000)
    .refine((v) => /-----BEGIN (RSA |ENCRYPTED )?PRIVATE KEY-----/.test(v), "Expected a PEM private key"),
  signerKeyPassphrase: z.string().max(500).nullish(),
  wwdr: pem("CERTIFICATE"),
});

/** The certificate, key and WWDR read as Apple would need them: parseable, the key the certificate's, in date. */
async function checkCertificates(v: z.output<typeof WalletCertificateFile>, now: Date) {
  const { default: forge } = await import("node-forge");
  let cert: pki.Certificate;
  let key: pki.rsa.PrivateKey | null;
  try {
    cert = forge.pki.certificateFromPem(v.signerCert);
    forge.pki.certificateFromPem(v.wwdr);
  } catch {
    throw validation("signerCert or wwdr is not a readable certificate");
  }
  try {
    key = v.signerKeyPassphrase
      ? forge.pki.decryptRsaPrivateKey(v.signerKey, v.signerKeyPassphrase)
      : (forge.pki.privateKeyFromPem(v.signerKey) as pki.rsa.PrivateKey);
  } catch {
    key = null;
  }
  if (!key) throw validation("signerKey can't be read (a wrong signerKeyPassphrase?)");
  const pub = cert.publicKey as pki.rsa.PublicKey;
  if (!pub.n || pub.n.compareTo(key.n) !== 0) throw validation("signerKey is not the key of signerCert");
  if (cert.validity.notAfter < now || cert.validity.notBefore > now)
    throw validation(
      `signerCert is not valid now (valid ${cert.validity.notBefore.toISOString()} to ${cert.validity.notAfter.toISOString()})`,
    );
}

/** npm run tenant -- wallet <slug> --file wallet.json: sets (or replaces) the tenant's certificate. */
export async function setWalletCertificate(
  db: Db,
  slug: string,
  input: unknown,
  now = new Date(),
): Promise<{ replaced: boolean; settingOn: boolean }> {
  const parsed = WalletCertificateFile.safeParse(input);
  if (!parsed.success)
    throw validation(parsed.error.issues.map((i) => `${i.path.join(".") || "(file)"}: ${i.message}`).join("; "));
  await checkCertificates(parsed.data, now);
  const tenant = await tenantBySlug(db, slug);
  const values = { ...parsed.data, signerKeyPassphrase: parsed.data.signerKeyPassphrase ?? null };
  const replaced = await hasWalletCertificate(db, tenant.id);
  await db
    .insert(tenantWalletPasses)
    .values({ tenantId: tenant.id, ...values })
    .onConflictDoUpdate({ target: tenantWalletPasses.tenantId, set: values });
  return { replaced, settingOn: toTenantConfig(tenant.settings).walletPassesEnabled };
}

export async function removeWalletCertificate(db: Db, slug: string): Promise<{ removed: boolean }> {
  const tenant = await tenantBySlug(db, slug);
  const gone = await db
    .delete(tenantWalletPasses)
    .where(eq(tenantWalletPasses.tenantId, tenant.id))
    .returning({ id: tenantWalletPasses.tenantId });
  return { removed: gone.length > 0 };
}

const LABELS = {
  ar: {
    booking: "حجز",
    subscription: "اشتراك",
    date: "التاريخ",
    time: "الوقت",
    starts: "يبدأ",
    specialist: "الأخصائي",
    branch: "الفرع",
    order: "رقم الطلب",
    option: "الخيار",
    seats: "الأشخاص",
  },
  en: {
    booking: "Booking",
    subscription: "Subscription",
    date: "Date",
    time: "Time",
    starts: "Starts",
    specialist: "Specialist",
    branch: "Branch",
    order: "Order",
    option: "Option",
    seats: "People",
  },
} as const;

const RIYADH = "Asia/Riyadh";
const dateText = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === "ar" ? "ar-SA-u-ca-gregory-nu-latn" : "en-GB", {
    timeZone: RIYADH,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(new Date(iso));
const timeText = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === "ar" ? "ar-SA-u-nu-latn" : "en-GB", {
    timeZone: RIYADH,
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));

/**
 * The pass's pictures: a plain square in the store's colour (Wallet requires an icon; the logo sits
 * on the pass). Drawn once per process; passes asked for at once share the one drawing.
 */
let pictures: Promise<Record<string, Buffer>> | null = null;
function passPictures(): Promise<Record<string, Buffer>> {
  pictures ??= import("pngjs").then(({ PNG }) => {
    const square = (size: number) => {
      const png = new PNG({ width: size, height: size });
      for (let i = 0; i < png.data.length; i += 4)
        [png.data[i], png.data[i + 1], png.data[i + 2], png.data[i + 3]] = [15, 91, 84, 255];
      return PNG.sync.write(png);
    };
    return {
      "icon.png": square(29),
      "icon@2x.png": square(58),
      "icon@3x.png": square(87),
      "logo.png": square(50),
      "logo@2x.png": square(100),
    };
  });
  // A failed load is tried again by the next pass.
  pictures.catch(() => (pictures = null));
  return pictures;
}

/**
 * GET orders/{id}/items/{itemId}/wallet-pass: the signed-in customer's own paid booking or
 * subscription as a .pkpass. Anything else — another's order, an unpaid or cancelled line, a store
 * without the setting or a certificate — is the same 404.
 */
export async function buildWalletPass(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  itemId: string,
  locale: Locale,
): Promise<Uint8Array<ArrayBuffer>> {
  const gone = () => notFound("Wallet pass");
  const [tenant] = await db
    .select({ name: tenants.name, settings: tenants.settings })
    .from(tenants)
    .where(eq(tenants.id, scope.tenantId));
  const [cert] = await db
    .select()
    .from(tenantWalletPasses)
    .where(eq(tenantWalletPasses.tenantId, scope.tenantId))
    .limit(1);
  if (!tenant || !walletPassState(tenant.settings, !!cert).offered) throw gone();
  const order = await readCart(db, scope, cartId, locale).catch(() => null);
  if (!order || order.customerId !== scope.customerId) throw gone();
  const item = order.cartItems.find((i) => i.id === itemId);
  if (!item || !passableLine(order, item)) throw gone();

  const l = LABELS[locale];
  const store = tenant.settings.brandName?.trim() || tenant.name;
  const booking = item.product.typeString === "reservation";
  const type = booking ? "eventTicket" : "generic";
  const { PKPass } = await import("passkit-generator");
  const pass = new PKPass(
    { ...(await passPictures()), "pass.json": Buffer.from(JSON.stringify({ formatVersion: 1, [type]: {} })) },
    {
      wwdr: cert.wwdr,
      signerCert: cert.signerCert,
      signerKey: cert.signerKey,
      signerKeyPassphrase: cert.signerKeyPassphrase ?? undefined,
    },
    {
      serialNumber: `${order.id}:${item.id}`,
      description: `${store} — ${item.product.name}`,
      organizationName: store,
      passTypeIdentifier: cert.passTypeIdentifier,
      teamIdentifier: cert.teamIdentifier,
      logoText: store,
      backgroundColor: "rgb(15, 91, 84)",
      foregroundColor: "rgb(255, 255, 255)",
      labelColor: "rgb(204, 230, 226)",
    },
  );
  pass.headerFields.push({ key: "kind", label: booking ? l.booking : l.subscription, value: order.orderNumber ?? "" });
  pass.primaryFields.push({ key: "product", label: item.price.name, value: item.product.name });
  if (booking) {
    const from = item.reservationDateFrom!;
    pass.secondaryFields.push(
      { key: "date", label: l.date, value: dateText(from, locale) },
      { key: "time", label: l.time, value: timeText(from, locale) },
    );
    if (item.specialist)
      pass.auxiliaryFields.push({ key: "specialist", label: l.specialist, value: item.specialist.name });
    const branch = item.branch;
    if (branch) {
      pass.auxiliaryFields.push({ key: "branch", label: l.branch, value: branch.name });
      if (branch.address) pass.backFields.push({ key: "address", label: l.branch, value: branch.address });
      // The phone shows the pass on its lock screen near the branch the booking is at.
      if (branch.latitude != null && branch.longitude != null)
        pass.setLocations({ latitude: branch.latitude, longitude: branch.longitude, relevantText: branch.name });
    }
    if (item.quantity > 1) pass.auxiliaryFields.push({ key: "seats", label: l.seats, value: String(item.quantity) });
    pass.setRelevantDate(new Date(from));
  } else {
    pass.secondaryFields.push({
      key: "starts",
      label: l.starts,
      value: dateText(`${item.subscriptionStartDate}T09:00:00+03:00`, locale),
    });
  }
  pass.backFields.push({ key: "order", label: l.order, value: order.orderNumber ?? order.id });
  if (order.orderNumber)
    pass.setBarcodes({
      message: order.orderNumber,
      format: "PKBarcodeFormatQR",
      messageEncoding: "iso-8859-1",
      altText: order.orderNumber,
    });
  return new Uint8Array(pass.getAsBuffer());
}
