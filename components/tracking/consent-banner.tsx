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
        className="fixed inset-x-3 bottom-3 z-30 mx-auto flex max-w-xl flex-col gap-3 rounded-xl border border-border bg-card p-4 text-sm shadow-lift sm:flex-row sm:items-center print:hidden"
        suppressHydrationWarning
      >
        <p className="flex-1">{t("text")}</p>
        <div className="flex shrink-0 gap-2">
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
