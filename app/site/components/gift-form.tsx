/**
 * The donation panel as the site places it: donations' form with the dedication tributes adds to
 * it (docs/decisions/268-donations-asks-its-add-ons-through-ports.md). Donations builds on no
 * feature, so the two meet here, where the site is put together.
 */
import type { ComponentProps } from "react";
import { DonationPanel } from "#app/features/donations/index";
import { asksForPreview, Dedication } from "#app/features/tributes/index";

export function GiftForm({
  dedicate = false,
  ...panel
}: Omit<ComponentProps<typeof DonationPanel>, "addOn"> & {
  /** The dedication shown open (/honor-giving; docs/decisions/232-tribute-gifts.md). */
  dedicate?: boolean;
}) {
  return (
    <DonationPanel
      {...panel}
      addOn={{
        fields: ({ field, lastResult }) => (
          <Dedication field={field} lastResult={lastResult} open={dedicate} />
        ),
        paysNothing: asksForPreview,
      }}
    />
  );
}
