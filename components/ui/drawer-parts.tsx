"use client";

import { X } from "lucide-react";
import { Drawer } from "vaul";
import { Button } from "./button";

/** The grab handle at the top of a bottom sheet. */
export function DrawerHandle() {
  return <div aria-hidden="true" className="mx-auto mt-2.5 h-1.5 w-12 shrink-0 rounded-full bg-border" />;
}

/** A bottom sheet's close button (an icon with its accessible name). */
export function DrawerCloseButton({ label }: { label: string }) {
  return (
    <Drawer.Close asChild>
      <Button variant="ghost" size="icon" aria-label={label}>
        <X aria-hidden="true" />
      </Button>
    </Drawer.Close>
  );
}
