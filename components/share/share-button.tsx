import { Share2 } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { SHARE_TEXT_ATTRIBUTE, SHARE_URL_ATTRIBUTE, whatsappShareLink } from "@/lib/share-links";

/**
 * Shares a link: the phone's own share sheet (Web Share API) where the browser has one, otherwise
 * WhatsApp, the way links travel in Saudi Arabia. A plain link with no script of its own: the
 * layout's inline share script (lib/share-links.ts) turns a tap into the share sheet, from the
 * first paint and on cached pages alike; without it, or without a share sheet, the link opens
 * WhatsApp. A shopper who closes the share sheet stays on the page.
 */
export function ShareButton({
  url,
  text,
  label,
  className,
}: {
  url: string;
  text: string;
  label: string;
  className?: string;
}) {
  return (
    <a
      href={whatsappShareLink(text, url)}
      target="_blank"
      rel="noopener noreferrer"
      {...{ [SHARE_URL_ATTRIBUTE]: url, [SHARE_TEXT_ATTRIBUTE]: text }}
      className={cn(buttonVariants({ variant: "outline", size: "sm" }), className)}
      data-testid="share-button"
    >
      <Share2 aria-hidden="true" />
      {label}
    </a>
  );
}
