"use client";

import { useEffect, type ReactNode } from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { Plus } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Drawer } from "vaul";
import { clearDraft } from "@/components/checkout/checkout-draft";
import { CheckoutFlow } from "@/components/checkout/checkout-flow";
import { useCheckoutSetup } from "@/components/checkout/use-checkout-setup";
import { Button, buttonVariants } from "@/components/ui/button";
import { DrawerCloseButton, DrawerHandle } from "@/components/ui/drawer-parts";
import { formatNumber } from "@/lib/money";
import { localePath } from "@/lib/site-routing";
import { CartEmpty } from "./cart-empty";
import { cartItemCount } from "./cart-count";
import { SheetLanguageSwitch } from "@/components/layout/language-switch";
import {
  closeCartSheet,
  CART_HASH,
  isCartHash,
  restoreFocusAfterSheet,
  setCartSheetOpen,
  useCartSheetOpen,
  writeCartHash,
} from "./cart-sheet-state";
import { SheetBody, SheetFooter, SheetLoading } from "./sheet-layout";
import { useCart } from "./use-cart";
import { withDeferredMessages } from "@/components/intl/deferred-messages";

// The coffee-shop kind of store (cart type quick) has its own one-page checkout; others never load it.
const QuickCheckout = dynamic(() => import("@/components/checkout/quick-checkout").then((m) => m.QuickCheckout), {
  ssr: false,
  loading: () => <SheetLoading />,
});

function ErrorBody({ retry }: { retry: () => void }) {
  const t = useTranslations("cart.sheet");
  return (
    <SheetBody>
      <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
        <p className="max-w-sm text-sm text-muted-foreground">{t("loadError")}</p>
        <Button variant="outline" onClick={retry}>
          {t("retry")}
        </Button>
      </div>
    </SheetBody>
  );
}

/** Spec §2: an empty cart shows a title and a description; on phones the footer offers a product. */
function EmptyCartView() {
  const t = useTranslations("checkout.summary");
  const locale = useLocale();
  // No cart any more (emptied, or its order completed): what was typed for its checkout goes too.
  useEffect(() => clearDraft(), []);
  return (
    <>
      <SheetBody>
        <CartEmpty />
      </SheetBody>
      <SheetFooter className="md:hidden">
        <Link
          prefetch={false}
          href={localePath(locale, "/products")}
          onClick={closeCartSheet}
          className={buttonVariants({ size: "lg", className: "w-full" })}
        >
          <Plus aria-hidden="true" />
          {t("addFirstProduct")}
        </Link>
      </SheetFooter>
    </>
  );
}

/**
 * The cart as a bottom sheet that grows into the checkout (spec §2: 95% of the screen's height;
 * a centred column on wide screens). Default stores get the stepped checkout, quick-cart stores
 * the one-page quick checkout. The tenant's configuration is read when the sheet first opens.
 * With every client text: the page carries only its own (i18n/namespaces.ts).
 */
export const CartSheet = withDeferredMessages(CartSheetContent);

function CartSheetContent() {
  const t = useTranslations("cart.sheet");
  const locale = useLocale();
  const open = useCartSheetOpen();
  const cartQuery = useCart();
  const setup = useCheckoutSetup();
  const cart = cartQuery.data;
  const count = cartItemCount(cart);
  const tCommon = useTranslations("common");
  // The language switch stays reachable while the sheet covers the header.
  const otherLanguage = setup.data?.config.languages.find((l) => l !== locale) ?? null;

  // An open sheet is in the address, so that a reload opens it again (the checkout adds its step).
  useEffect(() => {
    if (open && !isCartHash(window.location.hash)) writeCartHash(CART_HASH);
  }, [open]);

  let content: ReactNode;
  if (cartQuery.isPending || setup.isPending) content = <SheetLoading />;
  else if ((cartQuery.isError && !cart) || !setup.data)
    content = (
      <ErrorBody
        retry={() => {
          void cartQuery.refetch();
          void setup.refetch();
        }}
      />
    );
  else if (!cart || cart.cartItems.length === 0) content = <EmptyCartView />;
  else if (setup.data.config.cartType === "quick") content = <QuickCheckout cart={cart} setup={setup.data} />;
  else content = <CheckoutFlow cart={cart} setup={setup.data} />;

  return (
    <Drawer.Root open={open} autoFocus onOpenChange={setCartSheetOpen}>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-50 bg-foreground/40" />
        <Drawer.Content
          // The sheet has no Radix trigger, so Radix would drop focus on close; return it ourselves.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            restoreFocusAfterSheet();
          }}
          className="fixed inset-x-0 bottom-0 z-50 mx-auto flex h-[95dvh] max-w-2xl flex-col rounded-t-2xl bg-background shadow-lift outline-none"
        >
          <DrawerHandle />
          <header className="flex items-center gap-3 px-4 pt-2 pb-3">
            <div className="min-w-0 flex-1">
              <Drawer.Title className="text-lg font-bold">{t("title")}</Drawer.Title>
              <Drawer.Description className={count > 0 ? "text-sm text-muted-foreground" : "sr-only"}>
                {count > 0 ? t("itemCount", { count, formatted: formatNumber(count, locale) }) : t("description")}
              </Drawer.Description>
            </div>
            {otherLanguage ? (
              <SheetLanguageSwitch
                locale={locale}
                target={otherLanguage}
                label={tCommon("language.switchLabel")}
                text={tCommon("language.switchTo")}
              />
            ) : null}
            <DrawerCloseButton label={t("close")} />
          </header>
          {content}
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
