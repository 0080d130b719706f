"use client";

import { useEffect, useRef, useSyncExternalStore, type RefObject } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { CalendarDays, Gift, LogOut, Receipt, Repeat, Settings } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Drawer } from "vaul";
import { withDeferredMessages } from "@/components/intl/deferred-messages";
import { ACCOUNT_PAGES } from "@/components/account/account-pages";
import { DrawerCloseButton, DrawerHandle } from "@/components/ui/drawer-parts";
import { cn } from "@/lib/cn";
import type { CustomerDto } from "@/contract/dto/customers";
import { localePath } from "@/lib/site-routing";
import { useSignOut } from "./use-session";

/** Spec §2: phones are up to 767 px wide. */
const PHONE_QUERY = "(max-width: 767px)";

function usePhone(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mq = window.matchMedia(PHONE_QUERY);
      mq.addEventListener("change", cb);
      return () => mq.removeEventListener("change", cb);
    },
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

const ICONS = {
  orders: Receipt,
  reservations: CalendarDays,
  subscriptions: Repeat,
  giftCards: Gift,
  accountSettings: Settings,
} as const;

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customer: CustomerDto;
  trigger: RefObject<HTMLButtonElement | null>;
};

function MenuBody({
  customer,
  close,
  firstLink,
}: {
  customer: CustomerDto;
  close: () => void;
  firstLink?: RefObject<HTMLAnchorElement | null>;
}) {
  const t = useTranslations("account.menu");
  const locale = useLocale();
  const pathname = usePathname();
  const signOut = useSignOut();
  return (
    <>
      <div className="px-3 pt-1 pb-3">
        <p className="truncate font-semibold">
          <bdi>{customer.name || t("noName")}</bdi>
        </p>
        <p className="truncate text-sm text-muted-foreground">
          <bdi dir="ltr" className="tabular">
            {customer.mobileNumber}
          </bdi>
        </p>
      </div>
      <ul className="grid gap-0.5 border-t border-border pt-2">
        {ACCOUNT_PAGES.map(({ path, key }, i) => {
          const href = localePath(locale, path);
          const Icon = ICONS[key];
          const current = pathname === href;
          return (
            <li key={key}>
              <Link
                prefetch={false}
                ref={i === 0 ? firstLink : undefined}
                href={href}
                onClick={close}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "flex h-12 items-center gap-3 rounded-lg px-3 font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring md:h-11",
                  current && "bg-primary-soft text-primary",
                )}
              >
                <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
                {t(key)}
              </Link>
            </li>
          );
        })}
        <li className="mt-1 border-t border-border pt-1">
          <button
            type="button"
            onClick={() => signOut.mutate(undefined, { onSuccess: close })}
            disabled={signOut.isPending}
            aria-busy={signOut.isPending || undefined}
            className="flex h-12 w-full items-center gap-3 rounded-lg px-3 font-medium text-destructive transition-colors hover:bg-destructive-soft focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60 md:h-11"
          >
            <LogOut aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            {signOut.isPending ? t("signingOut") : t("signOut")}
          </button>
        </li>
      </ul>
    </>
  );
}

/** Phones: the menu sheet of spec §2. */
function MenuSheet({ open, onOpenChange, customer, trigger }: Props) {
  const t = useTranslations("account.menu");
  return (
    <Drawer.Root open={open} onOpenChange={onOpenChange} autoFocus>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-50 bg-foreground/40" />
        <Drawer.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[95dvh] flex-col rounded-t-2xl bg-background px-3 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-lift outline-none"
        >
          <DrawerHandle />
          <div className="flex items-center gap-2 ps-3 pt-2">
            <Drawer.Title className="flex-1 text-lg font-bold">{t("title")}</Drawer.Title>
            <Drawer.Description className="sr-only">{t("description")}</Drawer.Description>
            <DrawerCloseButton label={t("close")} />
          </div>
          <nav aria-label={t("title")} className="overflow-y-auto">
            <MenuBody customer={customer} close={() => onOpenChange(false)} />
          </nav>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}

/** Wider screens: a panel under the button (a disclosure: Escape or a click outside closes it). */
function MenuPanel({ open, onOpenChange, customer, trigger }: Props) {
  const t = useTranslations("account.menu");
  const panel = useRef<HTMLElement>(null);
  const firstLink = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!open) return;
    firstLink.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      onOpenChange(false);
      trigger.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !trigger.current?.contains(target)) onOpenChange(false);
    };
    const onFocus = (e: FocusEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !trigger.current?.contains(target)) onOpenChange(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onFocus);
    };
  }, [open, onOpenChange, trigger]);

  if (!open) return null;
  return (
    <nav
      ref={panel}
      aria-label={t("title")}
      className="absolute end-0 top-full z-50 mt-2 w-72 rounded-xl border border-border bg-card p-2 shadow-lift"
    >
      <MenuBody customer={customer} close={() => onOpenChange(false)} firstLink={firstLink} />
    </nav>
  );
}

/** The signed-in customer's menu: their pages and logout. */
export const AccountMenu = withDeferredMessages(function AccountMenu(props: Props) {
  return usePhone() ? <MenuSheet {...props} /> : <MenuPanel {...props} />;
});
