import { Form } from "react-router";
import { Badge } from "#app/components/admin/badge";
import { SubmitButton } from "#app/components/forms";

/** Publish / Unpublish one library item; the wanted state is sent, not a flip. */
export function PublishButton({
  id,
  title,
  isPublished,
}: {
  id: string;
  title: string;
  isPublished: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="publish" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="publish" value={isPublished ? "false" : "true"} />
      <SubmitButton className={`btn ${isPublished ? "btn-outline" : "btn-primary"}`}>
        {isPublished ? "Unpublish" : "Publish"}
        <span className="sr-only"> {title}</span>
      </SubmitButton>
    </Form>
  );
}

/** Draft or Published, in words (not colour alone). */
export function PublishedBadge({ isPublished }: { isPublished: boolean }) {
  return (
    <Badge tone={isPublished ? "success" : "muted"}>{isPublished ? "Published" : "Draft"}</Badge>
  );
}
