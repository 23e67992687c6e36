import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { PageView } from "../components/page-view";
import { draftView } from "../pages.server";
import type { Route } from "./+types/page-preview";
import { editedPage, requirePagesEditor } from "./pages-admin.server";

export const handle = {
  messages: ["pages"],
} satisfies PageMessagesHandle;

/** The saved draft of one language as the page will look, to signed-in staff of the tab. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePagesEditor(request);
  const { page, language, row } = await editedPage(params);
  return {
    path: page.path,
    language,
    draft: draftView(row),
    messages: pageMessages(request, handle),
  };
}

export const meta = () => [
  { title: "Preview - Pages - Admin Dashboard" },
  { name: "robots", content: "noindex" },
];

export default function PagePreview({ loaderData }: Route.ComponentProps) {
  const { t } = useLocale();
  const { draft, language } = loaderData;
  return (
    <div lang={language}>
      <PageView
        title={draft.title}
        body={draft.body}
        shownIn={language}
        inDashboard
        notice={
          <p className="card mb-8" role="note">
            {t("pages.previewNotice")}
          </p>
        }
      />
    </div>
  );
}
