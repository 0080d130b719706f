"use client";

import { Share2 } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";

/** A WhatsApp message with the text and the link: wa.me lets the shopper pick the chat. */
export const whatsappShareLink = (text: string, url: string) => `https://wa.me/?text=${encodeURIComponent(`${text}\n${url}`)}`;

/**
 * Shares a link: the phone's own share sheet (Web Share API) where the browser has one, otherwise
 * WhatsApp, the way links travel in Saudi Arabia. A link, so it works before the page's script
 * runs and when the share sheet is missing; a shopper who closes the share sheet stays on the page.
 */
export function ShareButton({ url, text, label }: { url: string; text: string; label: string }) {
  const share = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (typeof navigator.share !== "function") return;
    event.preventDefault();
    navigator.share({ title: text, text, url }).catch(() => undefined);
  };
  return (
    <a href={whatsappShareLink(text, url)} target="_blank" rel="noopener noreferrer" onClick={share} className={buttonVariants({ variant: "outline", size: "sm" })} data-testid="share-button">
      <Share2 aria-hidden="true" />
      {label}
    </a>
  );
}
