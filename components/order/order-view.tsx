import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import {
  CalendarClock,
  CalendarPlus,
  CircleCheck,
  CircleX,
  Clock,
  Download,
  FileText,
  Link2,
  Undo2,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import { CartTotalsList } from "@/components/cart/cart-totals-list";
import { OrderFulfilment } from "./order-fulfilment";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { buttonVariants } from "@/components/ui/button";
import { orderMethodKey } from "@/lib/checkout/done-state";
import { dueWords } from "@/lib/orders/money-words";
import { cashLabelKey } from "@/lib/checkout/payment-methods";
import { riyadhToday } from "@/rules/riyadh-time";
import { formatDay } from "@/lib/day-format";
import type { CartDto } from "@/contract/dto/cart";
import { localePath } from "@/lib/site-routing";
import { TrackPurchase } from "@/components/tracking/track-purchase";
import { lineItems } from "@/contract/dto/line-items";
import { googleCalendarLink, type BookingEvent } from "@/lib/orders/calendar-events";
import { CopyButton } from "@/components/share/copy-button";
import { ShareButton } from "@/components/share/share-button";
import type { OrderShare } from "@/lib/orders/order-share";
import { canCancel, canReschedule } from "@/lib/orders/reschedule";
import { OrderItems } from "./order-items";
import { ReplaceReceipt } from "./replace-receipt-lazy";
import { ReorderButton } from "./reorder-button-lazy";
import { CancelBooking } from "./cancel-booking-lazy";
import { getFormatSar } from "@/lib/money-server";
import { passableLine } from "@/rules/wallet-pass";
import { ordersApi } from "@/lib/store-client/orders";
import { displayMobile } from "@/rules/phone";

/** A card of the order page with an icon heading and a row of actions (calendar, sharing). */
function ActionCard({
  id,
  icon: Icon,
  title,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-soft">
      <h2 id={id} className="flex items-center gap-2 font-sans text-sm font-semibold">
        <Icon aria-hidden="true" className="size-4 text-primary" />
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The bookings into the shopper's calendar: one .ics with all of them, and Google Calendar per booking. */
async function AddToCalendar({
  cartId,
  bookings,
  locale,
  linkKey,
}: {
  cartId: string;
  bookings: BookingEvent[];
  locale: string;
  linkKey: string | null;
}) {
  const t = await getTranslations("order.done.calendar");
  return (
    <ActionCard id="order-calendar" icon={CalendarPlus} title={t("title")}>
      <div className="flex flex-wrap gap-2">
        <a
          href={ordersApi.calendar.href({ params: { cartId }, query: { key: linkKey || undefined } }, locale)}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <Download aria-hidden="true" />
          {t("download")}
        </a>
        {bookings.map((b) => (
          <a
            key={b.uid}
            href={googleCalendarLink(b)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            {bookings.length === 1 ? t("google") : t("googleOne", { name: b.title })}
          </a>
        ))}
      </div>
    </ActionCard>
  );
}

/** The order's own link, to keep it or send it on: the phone's share sheet (or WhatsApp), or copied. */
async function ShareOrder({ share }: { share: OrderShare }) {
  const [t, tText] = await Promise.all([getTranslations("order.done.share"), getTranslations("text")]);
  return (
    <ActionCard id="order-share" icon={Link2} title={t("title")}>
      <p className="text-sm text-muted-foreground">{t("note")}</p>
      <div className="flex flex-wrap gap-2">
        <ShareButton url={share.url} text={share.text} label={tText("share")} />
        <CopyButton value={share.url} label={tText("copyLink")}>
          {tText("copyLink")}
        </CopyButton>
      </div>
    </ActionCard>
  );
}

/** Hours before a booking starts until which its customer may move or cancel it online (null: only through the store). */
export type ChangeWindows = { reschedule: number | null; cancel: number | null };
const NO_CHANGES: ChangeWindows = { reschedule: null, cancel: null };

/** The Riyadh day the order completed, e.g. "21 November 2026" / "٢١ نوفمبر ٢٠٢٦". */
const formatPlacedOn = (iso: string, locale: string) =>
  formatDay(riyadhToday(new Date(iso)), locale, { day: "numeric", month: "long", year: "numeric" });

/**
 * A completed order as the platform has it (spec §2 done page): number, payment (a bank
 * transfer is "pending review" until the store checks it), the store's own success message as
 * plain text, the lines, the amounts and the customer snapshot; then home and the profile.
 */
export async function OrderView({
  cart,
  successMessage,
  duplicateRefund = null,
  bookings = [],
  variant = "done",
  share = null,
  invoiceHref = null,
  windows = NO_CHANGES,
  walletPasses = false,
}: {
  cart: CartDto;
  successMessage: string | null;
  duplicateRefund?: number | null;
  /** The order's bookings as calendar events: a way to keep them in the shopper's own calendar. */
  bookings?: BookingEvent[];
  /**
   * done: right after checkout (thanks, the purchase event); order: opened again from My orders;
   * shared: opened through its link by someone not signed in as its customer.
   */
  variant?: "done" | "order" | "shared";
  /** The order's link, to keep or share (the owner's views and the shared one). */
  share?: OrderShare | null;
  /** The order's tax invoice page, when one was issued (a paid order of a store with a VAT number). */
  invoiceHref?: string | null;
  /** The store's windows for moving and cancelling bookings online (hours before the start), for the customer's own views. */
  windows?: ChangeWindows;
  /** The store offers Apple Wallet passes (the setting and its certificate): paid bookings and subscriptions get one. */
  walletPasses?: boolean;
}) {
  const [t, tCheckout, tInvoice, tReschedule, tWallet, locale] = await Promise.all([
    getTranslations("order.done"),
    getTranslations("checkout"),
    getTranslations("order.invoice"),
    getTranslations("order.reschedule"),
    getTranslations("order.wallet"),
    getLocale(),
  ]);
  const sar = await getFormatSar();
  const { money } = cart;
  const status = money.status;
  const due = dueWords(money, locale, t);
  // Merchandise can be bought again as it is; bookings, subscriptions and gifts are chosen anew.
  const reorderLines = cart.cartItems
    .filter((i) => i.product.typeString === "merchandise")
    .map((i) => ({ productId: i.product.id, priceId: i.price.id, quantity: i.quantity, name: i.product.name }));
  const method = orderMethodKey(cart);
  const pending = status === "pendingReview";
  const cancelled = status === "cancelled" || status === "refunded";
  // Money paid online goes back by itself when a booking is cancelled; cash and transfers the store returns.
  const paidOnline =
    money.paid > money.refunded && cart.paymentMethod !== "CASH" && cart.paymentMethod !== "BANK_TRANSFER";
  const Icon = cancelled ? CircleX : pending ? Clock : CircleCheck;
  return (
    <div className="grid gap-6">
      {variant === "done" ? <TrackPurchase value={cart.totalAmount} id={cart.id} items={lineItems(cart)} /> : null}
      <header className="flex flex-col items-center gap-3 text-center">
        <span
          aria-hidden="true"
          className={cn(
            "flex size-16 items-center justify-center rounded-full",
            cancelled
              ? "bg-muted text-muted-foreground"
              : pending
                ? "bg-accent-soft text-accent-foreground"
                : "bg-success-soft text-success",
          )}
        >
          <Icon className="size-8" />
        </span>
        <h1 className="text-2xl font-bold sm:text-3xl">
          {variant !== "done"
            ? t("orderTitle", { number: cart.orderNumber ?? "" })
            : cancelled
              ? t("titleCancelled")
              : pending
                ? t("titleReceived")
                : t("titleConfirmed")}
        </h1>
        {cart.orderNumber ? (
          <p className="text-muted-foreground">
            {t("orderNumber")}{" "}
            <span
              dir="ltr"
              data-testid="order-number"
              className="font-mono text-lg font-semibold tracking-wider text-foreground"
            >
              {cart.orderNumber}
            </span>
          </p>
        ) : null}
        {cart.completedAt ? (
          <p className="text-sm text-muted-foreground">
            {t("placedOn", { date: formatPlacedOn(cart.completedAt, locale) })}
          </p>
        ) : null}
      </header>

      {duplicateRefund ? (
        // A second payment of this order (another tab, an abandoned 3-D Secure page) was given back automatically.
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl border border-border bg-accent-soft p-4 text-sm text-accent-foreground"
        >
          <Undo2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{t("duplicateRefunded", { amount: sar(duplicateRefund) })}</span>
        </p>
      ) : null}

      <section
        aria-labelledby="order-payment"
        className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-soft"
      >
        <h2 id="order-payment" className="font-sans text-sm font-semibold">
          {t("payment")}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {method ? (
            <>
              <dt className="text-muted-foreground">{t("paymentMethod")}</dt>
              {/* Cash keeps the name the checkout gave it (cash on delivery, pay later at your visit). */}
              <dd>{method === "cash" ? tCheckout(cashLabelKey(cart, false)) : t(`method.${method}`)}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">{t("paymentStatus")}</dt>
          <dd>
            <Badge
              data-testid="order-status"
              variant={
                status === "paid" || status === "depositPaid" || status === "nothingDue" || status === "partlyRefunded"
                  ? "success"
                  : pending
                    ? "accent"
                    : "muted"
              }
            >
              {t(`status.${status}`)}
            </Badge>
          </dd>
        </dl>
        {pending ? <p className="text-sm">{t("statusNote.pendingReview")}</p> : null}
        {pending && cart.paymentMethod === "BANK_TRANSFER" && variant !== "shared" ? (
          // The transfer is not reviewed yet: the wrong file can still be replaced.
          <div className="grid gap-2 border-t border-border pt-3">
            <p className="text-sm text-muted-foreground">{t("receipt.pending")}</p>
            <ReplaceReceipt cartId={cart.id} />
          </div>
        ) : null}
        {status === "payOnSite" && due ? (
          <p className="text-sm" data-testid="order-money-note">
            {money.deposit > 0
              ? t("statusNote.payOnSiteDeposit", {
                  deposit: sar(money.deposit),
                  rest: sar(money.afterDeposit),
                  amount: sar(money.remaining),
                  due,
                })
              : t("statusNote.payOnSite", { amount: sar(money.remaining), due })}
          </p>
        ) : null}
        {status === "depositPaid" && due ? (
          <p className="text-sm" data-testid="order-money-note">
            {t("statusNote.depositPaid", { paid: sar(money.paid), remaining: sar(money.remaining), due })}
          </p>
        ) : null}
        {money.refunded > 0 ? (
          <p className="text-sm" data-testid="order-refund-note">
            {t("statusNote.refunded", { amount: sar(money.refunded) })}
          </p>
        ) : null}
        {invoiceHref ? (
          <Link
            prefetch={false}
            href={invoiceHref}
            className={buttonVariants({ variant: "outline", size: "sm", className: "justify-self-start" })}
          >
            <FileText aria-hidden="true" />
            {tInvoice("open")}
          </Link>
        ) : null}
      </section>

      {successMessage ? (
        <section aria-labelledby="order-store-message" className="rounded-xl bg-primary-soft p-4">
          <h2 id="order-store-message" className="mb-1 font-sans text-sm font-semibold text-primary">
            {t("storeMessage")}
          </h2>
          {/* The tenant's text, shown as text: never parsed as HTML. */}
          <p className="text-sm whitespace-pre-line" dir="auto">
            {successMessage}
          </p>
        </section>
      ) : null}

      {bookings.length > 0 ? (
        <AddToCalendar
          cartId={cart.id}
          bookings={bookings}
          locale={locale}
          linkKey={variant === "shared" ? (share?.key ?? null) : null}
        />
      ) : null}

      {share ? <ShareOrder share={share} /> : null}

      <section aria-labelledby="order-items" className="rounded-xl border border-border bg-card px-4 pt-3 shadow-soft">
        <h2 id="order-items" className="font-sans text-sm font-semibold">
          {t("items")}
        </h2>
        <OrderItems
          items={cart.cartItems}
          action={(item) =>
            variant === "shared" ? null : (
              <>
                {canReschedule(item, windows.reschedule) ? (
                  <Link
                    prefetch={false}
                    href={localePath(locale, `/orders/${cart.id}/reschedule/${item.id}`)}
                    className={buttonVariants({ variant: "outline", size: "sm", className: "mt-2" })}
                  >
                    <CalendarClock aria-hidden="true" />
                    {item.product.isFullDayBooking ? tReschedule("changeDates") : tReschedule("change")}
                  </Link>
                ) : null}
                {canCancel(item, windows.cancel) ? (
                  <CancelBooking cartId={cart.id} itemId={item.id} refunds={paidOnline} />
                ) : null}
                {walletPasses && passableLine(cart, item) ? (
                  // A plain download: Safari hands a .pkpass to Wallet; elsewhere it is saved.
                  <a
                    href={ordersApi.walletPass.href({ params: { cartId: cart.id, itemId: item.id } })}
                    download
                    className={cn(
                      buttonVariants({ size: "sm" }),
                      "mt-2 flex w-fit bg-black text-white hover:bg-black/85",
                    )}
                  >
                    <Wallet aria-hidden="true" />
                    {tWallet("add")}
                  </a>
                ) : null}
              </>
            )
          }
        />
      </section>

      <CartTotalsList cart={cart} updating={false} />

      <OrderFulfilment fulfilment={cart.fulfilment} />

      {cart.customerName || cart.customerMobile || cart.bookingNotes ? (
        <section aria-labelledby="order-customer" className="rounded-xl border border-border bg-card p-4 shadow-soft">
          <h2 id="order-customer" className="mb-2 font-sans text-sm font-semibold">
            {t("customer")}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            {cart.customerName ? (
              <>
                <dt className="text-muted-foreground">{t("name")}</dt>
                <dd>
                  <bdi>{cart.customerName}</bdi>
                </dd>
              </>
            ) : null}
            {cart.customerMobile ? (
              <>
                <dt className="text-muted-foreground">{t("mobile")}</dt>
                <dd dir="ltr" className="tabular text-start rtl:text-end">
                  {displayMobile(cart.customerMobile)}
                </dd>
              </>
            ) : null}
            {cart.bookingNotes ? (
              <>
                <dt className="text-muted-foreground">{t("notes")}</dt>
                <dd dir="auto" className="whitespace-pre-line break-words">
                  {cart.bookingNotes}
                </dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}

      {variant !== "shared" && reorderLines.length > 0 ? (
        <div className="flex justify-center">
          <ReorderButton lines={reorderLines} />
        </div>
      ) : null}

      <nav className="flex flex-col gap-2 sm:flex-row sm:justify-center" aria-label={t("metaTitle")}>
        <Link prefetch={false} href={localePath(locale, "/")} className={buttonVariants({ size: "lg" })}>
          {t("home")}
        </Link>
        {variant !== "done" ? (
          <Link
            prefetch={false}
            href={localePath(locale, "/profile/orders")}
            className={buttonVariants({ size: "lg", variant: "outline" })}
          >
            {variant === "shared" ? t("shared.signIn") : t("backToOrders")}
          </Link>
        ) : (
          <Link
            prefetch={false}
            href={localePath(locale, "/profile")}
            className={buttonVariants({ size: "lg", variant: "outline" })}
          >
            {t("profile")}
          </Link>
        )}
      </nav>
    </div>
  );
}
