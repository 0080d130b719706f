import "server-only";
import { getTranslations } from "next-intl/server";
import { OrderLinkKey } from "@/contract/input/ids";
import { orders } from "@/contract/store/orders";
import { toTenantConfig, type Locale } from "@/contract/tenant-settings";
import { bookingEvents, calendarStore } from "@/lib/orders/calendar-events";
import { icsCalendar } from "@/lib/orders/ics";
import type { InvoiceLabels } from "@/lib/orders/invoice-pdf";
import { keptInvoiceFile } from "@/lib/orders/invoice-files";
import { orNull, PlatformCallError } from "@/lib/platform-client/core";
import { handlers, StoreRefusal } from "../context";

/** A file for the shopper: never kept by a shared cache. */
const file = (body: BodyInit | null, contentType: string, filename: string, more: Record<string, string> = {}) =>
  new Response(body, {
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
      ...more,
    },
  });

/** Letters, digits and dashes only: a name that is safe in a header. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9-]/g, "");

/**
 * Read as the order page reads the order: as its customer (the session's, or none), or through
 * its link's key; a key that is not one names nothing.
 */
function asSeen<T>(
  key: string | undefined,
  own: () => Promise<T>,
  shared: (key: string) => Promise<T>,
): Promise<T | null> {
  if (key === undefined) return own();
  return OrderLinkKey.safeParse(key).success ? shared(key) : Promise.resolve(null);
}

/**
 * The file is opened as a link, not read by the store's script: a refusal for asking too often
 * says so in the shopper's language, with when to try again.
 */
async function tooManyInOwnWords<T>(locale: Locale, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (!(err instanceof PlatformCallError) || err.code !== "SP:TooManyRequests") throw err;
    const t = await getTranslations({ locale, namespace: "errors" });
    throw new StoreRefusal(429, err.code, t("SP_TooManyRequests"), err.details);
  }
}

async function invoiceLabels(locale: Locale): Promise<InvoiceLabels> {
  const t = await getTranslations({ locale, namespace: "order.invoice" });
  const keys = [
    "title",
    "creditNoteTitle",
    "number",
    "creditNoteNumber",
    "forInvoice",
    "reason",
    "issuedAt",
    "order",
    "seller",
    "vatNumber",
    "crNumber",
    "address",
    "buyer",
    "deliverTo",
    "pickupAt",
    "item",
    "quantity",
    "unitPrice",
    "discount",
    "lineTotal",
    "subTotal",
    "taxable",
    "total",
    "paid",
  ] as const;
  const plain = Object.fromEntries(keys.map((k) => [k, t(k)]));
  // {rate} is filled in by the PDF, per document.
  return {
    ...plain,
    vat: t("vat", { rate: "{rate}" }),
    vatTotal: t("vatTotal", { rate: "{rate}" }),
    reasonCancelled: t("reasons.cancelled"),
    reasonRefunded: t("reasons.refunded"),
  } as InvoiceLabels;
}

export const ordersHandlers = handlers(orders, {
  /** Arabic and English in one file; another customer's order or a key that does not match: not found. */
  invoice: async (ctx) => {
    const { cartId } = ctx.params;
    const query = { for: "file" } as const;
    const docs = await tooManyInOwnWords(ctx.locale, () =>
      asSeen(
        ctx.query.key,
        () => ctx.platform().account.orderInvoices({ params: { id: cartId }, query }),
        (key) => ctx.platform({ token: null }).account.sharedOrderInvoices({ params: { id: cartId, key }, query }),
      ),
    );
    if (!docs?.invoice) throw new StoreRefusal(404, "SP:EntityNotFound", "This order has no tax invoice");
    const all = [docs.invoice, ...docs.creditNotes];
    const pdf = await keptInvoiceFile(ctx.tenant.id, all, async () => {
      // Loaded with the first invoice asked for: the PDF library stays out of every other call's path.
      const [{ invoicePdf }, en, ar] = await Promise.all([
        import("@/lib/orders/invoice-pdf"),
        invoiceLabels("en"),
        invoiceLabels("ar"),
      ]);
      return new Uint8Array(await invoicePdf(all, { en, ar }));
    });
    return file(pdf, "application/pdf", `${safeName(docs.invoice.number)}.pdf`);
  },
  calendar: async (ctx) => {
    const { cartId } = ctx.params;
    const order = await asSeen(
      ctx.query.key,
      () => ctx.platform().cart.get({ params: { id: cartId } }),
      (key) => ctx.platform({ token: null }).account.sharedOrder({ params: { id: cartId, key } }),
    );
    const config = toTenantConfig(ctx.tenant.settings);
    const t = await getTranslations({ locale: ctx.locale, namespace: "order.done.calendar" });
    const store = calendarStore(ctx.tenant, config, ctx.locale);
    const events =
      order?.status === "completed" ? bookingEvents(order, store, (number) => t("description", { number })) : [];
    if (events.length === 0) throw new StoreRefusal(404, "SP:EntityNotFound", "This order has no bookings");
    return file(
      icsCalendar(events, store.name),
      "text/calendar; charset=utf-8",
      `order-${safeName(order!.orderNumber ?? "booking")}.ics`,
    );
  },
  /** Safari hands the file to Wallet. */
  walletPass: async (ctx) => {
    const { cartId, itemId } = ctx.params;
    const pass = await orNull(ctx.platform().account.walletPass({ params: { id: cartId, itemId } }));
    if (!pass) throw new StoreRefusal(404, "SP:EntityNotFound", "No such pass");
    return file(pass.body, "application/vnd.apple.pkpass", `booking-${itemId.slice(0, 8)}.pkpass`, {
      "x-content-type-options": "nosniff",
    });
  },
  cancelBooking: (ctx) =>
    ctx.platform().account.cancelBooking({ params: { id: ctx.params.cartId, itemId: ctx.params.itemId } }),
  reschedule: (ctx) =>
    ctx.platform().account.reschedule({ params: { id: ctx.params.cartId, itemId: ctx.params.itemId }, body: ctx.body }),
  /** Only the receipt's fields go on (the platform sniffs the file). */
  replaceReceipt: (ctx) => {
    const form = new FormData();
    for (const receipt of ctx.body.getAll("files")) form.append("files", receipt);
    const transferorName = ctx.body.get("transferorName");
    if (typeof transferorName === "string") form.set("transferorName", transferorName);
    return ctx.platform().account.replaceBankReceipt({ params: { id: ctx.params.cartId }, body: form });
  },
});
