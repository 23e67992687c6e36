import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { Dialog, preloadDialog } from "#app/components/dialog";
import { linkAsButton } from "#app/components/link-as-button";
import { useLocale } from "#app/i18n/translator";
import { GiftForm } from "#app/site/components/gift-form";
import heroImage from "./hero-home.svg";

/*
 * Without JavaScript the dialog cannot open, so the inline panel is shown at every width instead.
 * The classes are plain hooks for this rule; Tailwind's `hidden md:block` does the usual switch.
 */
const NO_SCRIPT_RULES =
  ".donate-inline{display:block!important}.donate-mobile-trigger{display:none!important}";

/**
 * The landing page's donation hero (section id "donate", the nav's 'Donate Now' target): headline,
 * illustration and the donation panel - inline from 768 px, in a dialog opened by 'DONATE NOW' below.
 * Both are rendered and CSS shows one, so server and browser agree and only one copy is exposed.
 */
export function DonationHero() {
  const { t, href } = useLocale();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  const location = useLocation();
  // A sent gift lands back here with a toast: close the dialog so the message is seen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => setOpen(false), [location.key]);
  // Once the scripts run it opens the dialog: a button from then on (app/components/link-as-button.ts).
  useEffect(() => linkAsButton(trigger.current), []);
  const close = (next: boolean) => {
    setOpen(next);
    // Safari does not focus a clicked control, so the dialog may not know its opener: name it here.
    if (!next) requestAnimationFrame(() => trigger.current?.focus());
  };

  return (
    <section id="donate" aria-labelledby="donate-heading" className="bg-[var(--color-surface)]">
      <noscript>
        <style>{NO_SCRIPT_RULES}</style>
      </noscript>
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
        <div className="space-y-5">
          <h1 id="donate-heading" className="text-4xl font-bold sm:text-5xl">
            {t("landing.hero.heading")}
          </h1>
          <p className="text-lg">
            {t("landing.hero.text")} {t("landing.hero.note")}
          </p>
          {/* Small enough for Vite to inline as a data URI: the page's largest image needs no
              request of its own (docs/decisions/108-first-paint-from-html-and-css.md). */}
          <img
            src={heroImage}
            alt={t("landing.hero.imageAlt")}
            width={640}
            height={420}
            className="h-auto w-full rounded-xl"
          />
          {/* A link to the donation page until the scripts run; then a button that opens the
              dialog (docs/decisions/214-enhanced-controls-are-buttons.md). */}
          <Link
            ref={trigger}
            to={href("/donate")}
            aria-haspopup="dialog"
            onClick={(event) => {
              event.preventDefault();
              setOpen(true);
            }}
            onPointerEnter={preloadDialog}
            onFocus={preloadDialog}
            className="donate-mobile-trigger btn btn-accent w-full text-lg md:hidden"
          >
            {t("landing.hero.donateNow")}
          </Link>
          <Dialog
            open={open}
            onOpenChange={close}
            title={t("landing.hero.panelTitle")}
            description={t("landing.hero.note")}
          >
            <GiftForm kind="full" formId="donation-dialog" />
          </Dialog>
        </div>
        <div className="donate-inline card hidden shadow-lg md:block">
          <h2 className="text-2xl font-bold">{t("landing.hero.panelTitle")}</h2>
          <p className="mb-4 text-sm">{t("landing.hero.note")}</p>
          <GiftForm kind="full" formId="donation-inline" />
        </div>
      </div>
    </section>
  );
}
