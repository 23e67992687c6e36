import { Form, Link } from "react-router";
import { Badge } from "#app/components/admin/badge";
import { AdminTabError } from "#app/components/admin/tab-error";
import { SubmitButton } from "#app/components/forms";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { IssueForm, isIssueReply } from "../components/issue-form";
import type { Route } from "./+types/newsletter-editor";
import { newsletterEditorAction, newsletterEditorLoader } from "./newsletters.server";

export const handle = {
  messages: ["forms"],
} satisfies PageMessagesHandle;

export const loader = async ({ request, params }: Route.LoaderArgs) => ({
  ...(await newsletterEditorLoader(request, params.id)),
  messages: pageMessages(request, handle),
});

export const action = ({ request, params }: Route.ActionArgs) =>
  newsletterEditorAction(request, params.id);

export const meta = () => [{ title: "Newsletter - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

function IntentButton({
  intent,
  label,
  primary,
}: {
  intent: string;
  label: string;
  primary?: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton className={primary ? "btn btn-primary" : "btn btn-outline"}>
        {label}
      </SubmitButton>
    </Form>
  );
}

export default function NewsletterEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { issue, counts, unsubscribedSince, staffEmail, now } = loaderData;
  const reply = isIssueReply(actionData) ? actionData : null;
  const editable = issue.status === "draft" || issue.status === "scheduled";
  const sendAtError = reply?.errors.sendAt;
  return (
    <>
      <p>
        <Link to="/admin/newsletters" className="link">
          All newsletters
        </Link>
      </p>
      <h2 className="text-2xl font-semibold">{issue.subjectEn}</h2>
      <p className="mt-2">
        <Badge
          tone={
            issue.status === "sent" ? "success" : issue.status === "draft" ? "muted" : "warning"
          }
        >
          {issue.statusName}
        </Badge>
        {issue.sendAtShown ? <span> Sends at {issue.sendAtShown} (Houston)</span> : null}
        {issue.sentAt ? <span> Sent {issue.sentAt}</span> : null}
      </p>
      {counts ? (
        <section aria-labelledby="counts-heading" className="card">
          <h3 id="counts-heading" className="text-lg font-semibold">
            Counts
          </h3>
          <dl className="mt-2 grid grid-cols-2 gap-2 md:grid-cols-5">
            <div>
              <dt>To send</dt>
              <dd className="text-xl font-semibold">{counts.toSend}</dd>
            </div>
            <div>
              <dt>Sent</dt>
              <dd className="text-xl font-semibold">{counts.sent}</dd>
            </div>
            <div>
              <dt>Failed (retried)</dt>
              <dd className="text-xl font-semibold">{counts.failed}</dd>
            </div>
            <div>
              <dt>Skipped (left before their turn)</dt>
              <dd className="text-xl font-semibold">{counts.skipped}</dd>
            </div>
            <div>
              <dt>Unsubscribed since</dt>
              <dd className="text-xl font-semibold">{unsubscribedSince ?? 0}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      <section aria-labelledby="send-heading" className="card">
        <h3 id="send-heading" className="text-lg font-semibold">
          Sending
        </h3>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <IntentButton intent="test" label={`Send a test to ${staffEmail}`} />
          {editable ? <IntentButton intent="send" label="Send now" primary /> : null}
          {issue.status === "scheduled" ? (
            <IntentButton intent="unschedule" label="Cancel the schedule" />
          ) : null}
          {issue.status === "sending" ? <IntentButton intent="pause" label="Pause" /> : null}
          {issue.status === "paused" ? (
            <IntentButton intent="resume" label="Resume" primary />
          ) : null}
        </div>
        {editable ? (
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
            <input type="hidden" name="intent" value="schedule" />
            <div className="field">
              <label htmlFor="send-at" className="field-label">
                Send at (Houston time)
              </label>
              <input
                id="send-at"
                name="sendAt"
                type="datetime-local"
                min={now}
                defaultValue={issue.sendAt}
                aria-invalid={sendAtError ? true : undefined}
                aria-describedby={sendAtError ? "send-at-error" : undefined}
                className="field-input"
              />
              {sendAtError ? (
                <p id="send-at-error" className="text-sm font-medium text-[var(--color-error)]">
                  {sendAtError}
                </p>
              ) : null}
            </div>
            <SubmitButton className="btn btn-outline">Schedule</SubmitButton>
          </Form>
        ) : null}
      </section>
      {editable ? (
        <section aria-labelledby="edit-heading" className="card">
          <h3 id="edit-heading" className="text-lg font-semibold">
            Edit
          </h3>
          <IssueForm
            prefix="edit-newsletter"
            reply={reply}
            saved={issue}
            submitLabel="Save"
            intent="save"
          />
        </section>
      ) : null}
    </>
  );
}
