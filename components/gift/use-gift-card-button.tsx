"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { rememberGiftCardLink } from "@/lib/gift-card-link";

/** "Use it": the card's code waits in this browser for the checkout's gift card field, and the store opens. */
export function UseGiftCardButton({ code, href, label }: { code: string; href: string; label: string }) {
  const router = useRouter();
  return (
    <Button
      size="lg"
      className="w-full"
      onClick={() => {
        rememberGiftCardLink(code);
        router.push(href);
      }}
    >
      {label}
    </Button>
  );
}
