import { data, Form, Link } from "react-router";
import { SubmitButton } from "#app/components/forms";
import { ownerView } from "#app/features/fundraisers/owner.server";
import { ownerAction } from "#app/features/fundraisers/owner-action.server";
import { ownerPageId } from "#app/features/fundraisers/owner-link.server";
import { REVIEWED_EDIT_STATUSES } from "#app/features/fundraisers/status";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { type MessageKey, useLocale } from "#app/i18n/translator";
import { pageMeta } from "#app/lib/seo";
import { OwnerEditForm } from "../components/owner-edit-form";
import { OwnerGifts } from "../components/owner-gifts";
import { FundraiserProgress } from "../components/progress";
import type { Route } from "./+types/manage";

export const handle = {
  messages: ["forms", "fundraising", "meta", "validation"],
} satisfies PageMessagesHandle;

/**
 * /fundraise/manage?token=: the owner's page, opened by the signed link of their e-mails
 * (docs/decisions/222-fundraiser-owner-link.md). It shows and changes the one page its token
 * names; never cached (server/page-cache/policy.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const messages = pageMessages(request, handle);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const id = ownerPageId(token);
  const view = id ? await ownerView(id) : null;
  if (!view) return data({ owner: null, messages }, { status: 404 });
  const { page } = view;
  return {
    owner: {
      token,
      slug: page.slug,
      title: page.title,
      status: page.status,
      showProgress: page.showProgress,
      edit: {
        story: page.story,
        pendingStory: page.pendingStory,
        hasPhoto: page.photoKey !== null,
        photoWaiting: page.pendingPhotoKey !== null,
        goalCents: page.goalCents,
        endDate: page.endDate,
        reviewed: REVIEWED_EDIT_STATUSES.includes(page.status),
      },
      raisedCents: view.raisedCents,
      giftCount: view.giftCount,
      gifts: view.gifts,
    },
    messages,
  };
}

export const action = ({ request }: Route.ActionArgs) => ownerAction(request);

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("fundraising.manage.title"), noindex: true }));
}

const STATUS_KEYS: Record<string, MessageKey> = {
  pending: "fundraising.manage.status.pending",
  approved: "fundraising.manage.status.approved",
  paused: "fundraising.manage.status.paused",
  closed: "fundraising.manage.status.closed",
  rejected: "fundraising.manage.status.rejected",
};

function MoveButton({ token, intent, label }: { token: string; intent: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="token" value={token} />
      <SubmitButton className="btn btn-outline">{label}</SubmitButton>
    </Form>
  );
}

export default function ManageFundraiserPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useLocale();
  const { owner } = loaderData;
  if (!owner) {
    return (
      <main id="main-content" className="mx-auto max-w-2xl space-y-4 px-4 py-12">
        <h1 className="text-4xl font-bold">{t("fundraising.manage.title")}</h1>
        <p>{t("fundraising.manage.invalid")}</p>
      </main>
    );
  }
  const { token, status } = owner;
  const isPublic = ["approved", "paused", "closed"].includes(status);
  return (
    <main id="main-content" className="mx-auto max-w-3xl space-y-8 px-4 py-12">
      <div className="space-y-2">
        <h1 className="text-4xl font-bold">{t("fundraising.manage.title")}</h1>
        <p className="text-2xl font-semibold">{owner.title}</p>
        <p>{t("fundraising.manage.private")}</p>
      </div>
      <section aria-labelledby="owner-status-heading" className="card space-y-4">
        <h2 id="owner-status-heading" className="text-2xl font-bold">
          {t("fundraising.manage.statusLabel")}: {t(STATUS_KEYS[status] ?? STATUS_KEYS.pending)}
        </h2>
        <FundraiserProgress
          raisedCents={owner.raisedCents}
          gifts={owner.giftCount}
          goalCents={owner.edit.goalCents}
          showProgress={owner.showProgress}
        />
        {isPublic ? (
          <p>
            <Link to={href(`/fundraise/${owner.slug}`)} className="link">
              {t("fundraising.manage.viewPage")}
            </Link>
          </p>
        ) : null}
        {status === "approved" || status === "paused" ? (
          <div className="space-y-2">
            <div className="flex flex-wrap gap-2">
              {status === "approved" ? (
                <MoveButton token={token} intent="pause" label={t("fundraising.manage.pause")} />
              ) : (
                <MoveButton token={token} intent="reopen" label={t("fundraising.manage.reopen")} />
              )}
              <MoveButton token={token} intent="close" label={t("fundraising.manage.close")} />
            </div>
            <p className="field-hint">{t("fundraising.manage.closeHint")}</p>
          </div>
        ) : null}
      </section>
      {["pending", "approved", "paused"].includes(status) ? (
        <section aria-labelledby="owner-edit-heading" className="card space-y-4">
          <h2 id="owner-edit-heading" className="text-2xl font-bold">
            {t("fundraising.manage.editHeading")}
          </h2>
          {owner.edit.pendingStory !== null ? (
            <p role="status" className="font-semibold">
              {t("fundraising.manage.storyWaiting")}
            </p>
          ) : null}
          {owner.edit.photoWaiting ? (
            <p role="status" className="font-semibold">
              {t("fundraising.manage.photoWaiting")}
            </p>
          ) : null}
          <OwnerEditForm token={token} page={owner.edit} lastResult={actionData} />
        </section>
      ) : null}
      {isPublic ? (
        <section aria-labelledby="owner-gifts-heading" className="card space-y-4">
          <h2 id="owner-gifts-heading" className="text-2xl font-bold">
            {t("fundraising.manage.giftsHeading")}
          </h2>
          <OwnerGifts token={token} gifts={owner.gifts} lastResult={actionData} />
        </section>
      ) : null}
    </main>
  );
}
