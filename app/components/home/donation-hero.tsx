import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { DonationPanel } from "#app/components/donation/donation-panel";

/*
 * Without JavaScript the dialog cannot open, so the inline panel is shown at every width instead.
 * The classes are plain hooks for this rule; Tailwind's `hidden md:block` does the usual switch.
 */
const NO_SCRIPT_RULES =
  ".donate-inline{display:block!important}.donate-mobile-trigger{display:none!important}";

const PANEL_TITLE = "Give Today";
const PANEL_NOTE = "100% of funds go to our programs.";

/**
 * The landing page's donation hero (section id "donate", the nav's 'Donate Now' target): headline,
 * illustration and the donation panel - inline from 768 px, in a dialog opened by 'DONATE NOW' below.
 * Both are rendered and CSS shows one, so server and browser agree and only one copy is exposed.
 */
export function DonationHero() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // A sent gift lands back here with a toast: close the dialog so the message is seen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => setOpen(false), [location.key]);

  return (
    <section id="donate" aria-labelledby="donate-heading" className="bg-[var(--color-surface)]">
      <noscript>
        <style>{NO_SCRIPT_RULES}</style>
      </noscript>
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
        <div className="space-y-5">
          <h1 id="donate-heading" className="text-4xl font-bold sm:text-5xl">
            Everyone Deserves A Place to Call Home
          </h1>
          <p className="text-lg">
            We give people experiencing homelessness in Houston a safe place to stay, warm meals,
            job support and a path back home. {PANEL_NOTE}
          </p>
          <img
            src="/images/hero-home.svg"
            alt="A volunteer welcoming a family at the lit doorway of a house at sunset"
            width={640}
            height={420}
            className="h-auto w-full rounded-xl"
          />
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Trigger asChild>
              <button
                type="button"
                className="donate-mobile-trigger btn btn-accent w-full text-lg md:hidden"
              >
                DONATE NOW
              </button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="dialog-overlay" />
              <Dialog.Content className="dialog-content">
                <div className="mb-4 flex items-start justify-between gap-4">
                  <div>
                    <Dialog.Title className="text-2xl font-bold">{PANEL_TITLE}</Dialog.Title>
                    <Dialog.Description className="text-sm">{PANEL_NOTE}</Dialog.Description>
                  </div>
                  <Dialog.Close className="icon-button" aria-label="Close">
                    <X aria-hidden="true" className="size-5" />
                  </Dialog.Close>
                </div>
                <DonationPanel kind="full" formId="donation-dialog" />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </div>
        <div className="donate-inline card hidden shadow-lg md:block">
          <h2 className="text-2xl font-bold">{PANEL_TITLE}</h2>
          <p className="mb-4 text-sm">{PANEL_NOTE}</p>
          <DonationPanel kind="full" formId="donation-inline" />
        </div>
      </div>
    </section>
  );
}
