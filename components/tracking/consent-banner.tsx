import { getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import { CONSENT_BANNER_ID, CONSENT_CHOICE_ATTRIBUTE, CONSENT_SCRIPT } from "@/lib/tracking/consent";

/**
 * The pixels' consent banner: server HTML, hidden until the inline script finds no answer in this
 * browser (so cached pages show it as well), answered by plain buttons the script listens to.
 * Small and at the bottom, under any open sheet; the page stays usable without answering.
 */
export async function ConsentBanner({ nonce }: { nonce?: string }) {
  const t = await getTranslations("common.consent");
  return (
    <>
      <section
        id={CONSENT_BANNER_ID}
        hidden
        aria-label={t("label")}
        // One row on a phone too, in small print: the page it sits on is what the shopper came for.
        className="fixed inset-x-2 bottom-2 z-30 mx-auto flex max-w-xl items-center gap-3 rounded-xl border border-border bg-card px-3 py-2.5 text-xs leading-snug shadow-lift sm:inset-x-3 sm:bottom-3 sm:p-4 sm:text-sm print:hidden"
        suppressHydrationWarning
      >
        <p className="min-w-0 flex-1">{t("text")}</p>
        <div className="flex shrink-0 gap-1.5 sm:gap-2">
          <button
            type="button"
            {...{ [CONSENT_CHOICE_ATTRIBUTE]: "denied" }}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            {t("reject")}
          </button>
          <button
            type="button"
            {...{ [CONSENT_CHOICE_ATTRIBUTE]: "granted" }}
            className={buttonVariants({ size: "sm" })}
          >
            {t("accept")}
          </button>
        </div>
      </section>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: CONSENT_SCRIPT }} />
    </>
  );
}
