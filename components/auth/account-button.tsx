"use client";

import { useEffect, useRef, useState, type ComponentProps, type ComponentType } from "react";
import { UserRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { onDemand } from "@/components/on-demand";
import { Button } from "@/components/ui/button";
import { loadSignInSheet, SignInSheetHost } from "./sign-in-sheet-host";
import { openSignIn } from "./sign-in-state";
import { useSession } from "./use-session";

const loadAccountMenu = () => import("./account-menu");
// The menu's own props, and what its host does when its code does not come (the menu ignores it).
type MenuProps = ComponentProps<Awaited<ReturnType<typeof loadAccountMenu>>["AccountMenu"]> & {
  onLoadFailed: () => void;
};
const AccountMenu = onDemand(
  () => loadAccountMenu().then((m) => m.AccountMenu as ComponentType<MenuProps>),
  (props: MenuProps) => props.onLoadFailed(),
);

/** The first letter of the customer's name, for the signed-in button's face. */
export function initialOf(name: string): string | null {
  const first = [...name.trim()][0];
  return first ? first.toLocaleUpperCase() : null;
}

/**
 * The header's account button (spec §2): signed in, it toggles the account menu (a sheet on
 * phones, a panel on wider screens); signed out, it starts sign-in instead. Same size either way,
 * so the header never shifts when the session arrives.
 */
export function AccountButton() {
  const t = useTranslations("account.menu");
  const { customer, isSignedIn, isPending } = useSession();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const initial = customer ? initialOf(customer.name) : null;
  // Warm the code the click will need while the pointer is on its way.
  const prefetch = () => void (isSignedIn ? loadAccountMenu() : loadSignInSheet());

  const toggle = () => {
    if (!isSignedIn) {
      openSignIn();
      return;
    }
    setRequested(true);
    setOpen((o) => !o);
  };

  // A tap made before the page hydrated (lib/early-taps.ts) counts once the session is known:
  // sign-in for a guest, the menu for a customer.
  // (Read here rather than through a helper of lib/early-taps: sharing that module with the layout's
  // Providers would cost the first load a chunk of its own.)
  useEffect(() => {
    if (isPending || window.__sfEarlyTap !== "account") return;
    delete window.__sfEarlyTap;
    button.current?.click();
  }, [isPending]);

  return (
    <div className="relative">
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        aria-label={isSignedIn ? t("open") : t("signIn")}
        // Signed in it discloses the account menu (aria-expanded); signed out it opens the sign-in dialog.
        aria-haspopup={isSignedIn ? undefined : "dialog"}
        aria-expanded={isSignedIn ? open : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={toggle}
        data-early-tap="account"
        data-early-tap-later=""
      >
        {isSignedIn ? (
          <span
            aria-hidden="true"
            className="flex size-7 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
          >
            {initial ?? <UserRound className="size-4" />}
          </span>
        ) : (
          <UserRound aria-hidden="true" />
        )}
      </Button>
      {requested && customer ? (
        <AccountMenu
          open={open}
          onOpenChange={setOpen}
          customer={customer}
          trigger={button}
          onLoadFailed={() => {
            setRequested(false);
            setOpen(false);
          }}
        />
      ) : null}
      <SignInSheetHost />
    </div>
  );
}
