import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { branches, specialists } from "@/platform/db/schema";
import { recordOfflinePayment } from "@/platform/services/record-payment";
import { removeWalletCertificate, setWalletCertificate, walletStates } from "@/platform/services/wallet-passes";
import type { CartDto } from "@/contract/dto/cart";
import { describeEachDb } from "./helpers/test-db";
import { at, DEMO, demoProduct, expectPlatformError } from "./helpers/demo-catalog";
import { checkoutApi, newShopper, withSettings } from "./helpers/checkout";
import { readZip } from "./helpers/zip";
import { testPassCertificates } from "./helpers/wallet-certs";

/**
 * Apple Wallet passes (spec §3 "wallet passes enabled"): the operator sets the store's certificate
 * (checked), a paid booking's pass is a zip whose manifest holds each file's SHA-1 and whose
 * signature is a PKCS #7 signature of the manifest by the store's certificate (verified here with
 * OpenSSL against the test "WWDR" CA); without the setting, the certificate or payment, none.
 */
const dir = mkdtempSync(path.join(tmpdir(), "wallet-pass-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeEachDb("Apple Wallet passes", (t) => {
  const api = checkoutApi(() => t().db);
  const spa = () => t().spa;
  const certs = testPassCertificates();
  const file = {
    passTypeIdentifier: "pass.test.rimal",
    teamIdentifier: "ABCDE12345",
    signerCert: certs.signerCert,
    signerKey: certs.signerKey,
    wwdr: certs.wwdr,
  };

  /** A massage with Reem, ordered in cash and recorded paid by the store. */
  async function paidBooking(day: number) {
    const m = await demoProduct(t().db, spa().id, DEMO.massage);
    const [reem] = await t().db.select().from(specialists).where(eq(specialists.nameEn, "Reem Al-Otaibi"));
    const { shopper, cart } = await api.cartWith(spa(), [
      {
        productId: m.id,
        priceId: m.priceId,
        quantity: 1,
        reservationDateFrom: at(t().now, day, 16),
        specialistId: reem.id,
      },
    ]);
    const placed = (await api.submit(spa(), shopper, cart.id)).data!;
    return { shopper, order: placed, pay: () => recordOfflinePayment(t().db, "spa", placed.orderNumber!) };
  }
  const passOf = async (token: string, order: CartDto, itemId = order.cartItems[0].id) => {
    const res = await api.call(spa(), "GET", `orders/${order.id}/items/${itemId}/wallet-pass`, { token, locale: "en" });
    return {
      status: res.status,
      type: res.res.headers.get("content-type"),
      bytes: Buffer.from(await res.res.arrayBuffer()),
    };
  };

  it("checks the operator's certificate: the key must be the certificate's, the certificate in date", async () => {
    await expectPlatformError(
      setWalletCertificate(t().db, "spa", { ...file, signerKey: certs.otherKey }),
      "SP:ValidationError",
      400,
    );
    await expectPlatformError(
      setWalletCertificate(t().db, "spa", { ...file, signerCert: certs.expiredCert }),
      "SP:ValidationError",
      400,
    );
    await expectPlatformError(
      setWalletCertificate(t().db, "spa", { ...file, teamIdentifier: "x" }),
      "SP:ValidationError",
      400,
    );
    await expectPlatformError(
      setWalletCertificate(t().db, "spa", { ...file, signerCert: "not a pem" }),
      "SP:ValidationError",
      400,
    );
    expect(await setWalletCertificate(t().db, "spa", file)).toEqual({ replaced: false, settingOn: false });
    expect(await setWalletCertificate(t().db, "spa", file)).toEqual({ replaced: true, settingOn: false });
    // The list says why the spa offers none yet: the setting is off.
    expect((await walletStates(t().db)).get("spa")).toEqual({ offered: false, reason: "setting" });
  });

  it("answers a pass tapped twice at once with the same pass twice, the signing libraries loaded on the way", async () => {
    await setWalletCertificate(t().db, "spa", file);
    const restore = await withSettings(t().db, spa(), { walletPassesEnabled: "True" });
    try {
      const { shopper, order, pay } = await paidBooking(8);
      await pay();
      const [a, b] = await Promise.all([passOf(shopper.token, order), passOf(shopper.token, order)]);
      expect([a.status, a.type, b.status, b.type]).toEqual([
        200,
        "application/vnd.apple.pkpass",
        200,
        "application/vnd.apple.pkpass",
      ]);
      const [fa, fb] = [readZip(a.bytes), readZip(b.bytes)];
      expect(fb.get("manifest.json")!.toString()).toBe(fa.get("manifest.json")!.toString());
      expect(JSON.parse(fb.get("pass.json")!.toString()).serialNumber).toBe(`${order.id}:${order.cartItems[0].id}`);
    } finally {
      await restore();
      await removeWalletCertificate(t().db, "spa");
    }
  });

  it("builds a paid booking's pass: every file in the manifest with its SHA-1, the manifest signed by the store's certificate", async () => {
    await setWalletCertificate(t().db, "spa", file);
    const restore = await withSettings(t().db, spa(), { walletPassesEnabled: "True" });
    try {
      expect((await walletStates(t().db)).get("spa")).toEqual({ offered: true });
      const { shopper, order, pay } = await paidBooking(7);
      // Not paid yet (cash at the visit): no pass.
      expect((await passOf(shopper.token, order)).status).toBe(404);
      await pay();
      const pass = await passOf(shopper.token, order);
      expect([pass.status, pass.type]).toEqual([200, "application/vnd.apple.pkpass"]);
      const files = readZip(pass.bytes);
      expect([...files.keys()].sort()).toEqual(
        [
          "icon.png",
          "icon@2x.png",
          "icon@3x.png",
          "logo.png",
          "logo@2x.png",
          "manifest.json",
          "pass.json",
          "signature",
        ].sort(),
      );
      const manifest = JSON.parse(files.get("manifest.json")!.toString()) as Record<string, string>;
      expect(Object.keys(manifest).sort()).toEqual(
        [...files.keys()].filter((n) => n !== "manifest.json" && n !== "signature").sort(),
      );
      for (const [name, sha1] of Object.entries(manifest))
        expect(createHash("sha1").update(files.get(name)!).digest("hex"), name).toBe(sha1);

      const json = JSON.parse(files.get("pass.json")!.toString());
      expect(json).toMatchObject({
        formatVersion: 1,
        serialNumber: `${order.id}:${order.cartItems[0].id}`,
        passTypeIdentifier: "pass.test.rimal",
        teamIdentifier: "ABCDE12345",
        organizationName: "Rimal Wellness",
      });
      expect(json.barcodes[0]).toMatchObject({ message: order.orderNumber, format: "PKBarcodeFormatQR" });
      expect(json.relevantDate).toBe(at(t().now, 7, 16));
      expect(json.eventTicket.primaryFields[0].value).toBe("60-minute relaxing massage");
      expect(json.eventTicket.auxiliaryFields.map((f: { value: string }) => f.value)).toEqual([
        "Reem Al-Otaibi",
        "Hittin branch",
      ]);
      // Where the booking is kept: the Hittin branch's own address and map point.
      const [hittin] = await t()
        .db.select()
        .from(branches)
        .where(and(eq(branches.tenantId, spa().id), eq(branches.nameEn, "Hittin branch")));
      expect(json.eventTicket.backFields).toContainEqual(
        expect.objectContaining({ key: "address", value: hittin.addressEn }),
      );
      expect(json.locations).toEqual([
        expect.objectContaining({
          latitude: hittin.latitude,
          longitude: hittin.longitude,
          relevantText: "Hittin branch",
        }),
      ]);

      // The signature: PKCS #7 over the manifest, by the store's certificate, chaining to the (test) WWDR.
      writeFileSync(path.join(dir, "manifest.json"), files.get("manifest.json")!);
      writeFileSync(path.join(dir, "signature"), files.get("signature")!);
      writeFileSync(path.join(dir, "wwdr.pem"), certs.wwdr);
      const verified = execFileSync(
        "openssl",
        [
          "smime",
          "-verify",
          "-inform",
          "DER",
          "-in",
          "signature",
          "-content",
          "manifest.json",
          "-CAfile",
          "wwdr.pem",
          "-purpose",
          "any",
          "-binary",
          "-out",
          "/dev/null",
        ],
        { cwd: dir, stdio: ["ignore", "pipe", "pipe"] },
      );
      expect(verified.toString()).toBe("");
      // An edited manifest no longer verifies (the first hex digit always changes, a 0 too).
      writeFileSync(
        path.join(dir, "manifest.json"),
        files
          .get("manifest.json")!
          .toString()
          .replace(/"pass.json":"([0-9a-f])/, (_, c: string) => `"pass.json":"${c === "0" ? "1" : "0"}`),
      );
      expect(() =>
        execFileSync(
          "openssl",
          [
            "smime",
            "-verify",
            "-inform",
            "DER",
            "-in",
            "signature",
            "-content",
            "manifest.json",
            "-CAfile",
            "wwdr.pem",
            "-purpose",
            "any",
            "-binary",
            "-out",
            "/dev/null",
          ],
          { cwd: dir, stdio: "ignore" },
        ),
      ).toThrow();

      // Another customer, a cancelled line, no certificate: the same 404.
      const stranger = await newShopper(t().db, spa());
      expect((await passOf(stranger.token, order)).status).toBe(404);
      await removeWalletCertificate(t().db, "spa");
      expect((await passOf(shopper.token, order)).status).toBe(404);
      expect((await walletStates(t().db)).get("spa")).toEqual({ offered: false, reason: "certificate" });
    } finally {
      await restore();
      await removeWalletCertificate(t().db, "spa");
    }
  });

  it("offers none while the store's setting is off, even with its certificate", async () => {
    await setWalletCertificate(t().db, "spa", file);
    try {
      const { shopper, order, pay } = await paidBooking(8);
      await pay();
      expect((await passOf(shopper.token, order)).status).toBe(404);
    } finally {
      await removeWalletCertificate(t().db, "spa");
    }
  });
});
