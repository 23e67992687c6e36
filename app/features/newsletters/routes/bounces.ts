import { logger } from "#app/lib/logger.server";
import { bounceNoticeSchema, hasWebhookSecret, recordBounce } from "../bounces.server";
import type { Route } from "./+types/bounces";

const MAX_BODY_BYTES = 16 * 1024;

/**
 * The SMTP provider's bounce and complaint webhook: `Authorization: Bearer <NEWSLETTER_WEBHOOK_SECRET>`
 * and a JSON notice `{ type: "bounce" | "complaint", email, bounceType?: "hard" | "soft", detail? }`
 * (docs/decisions/291-newsletter-subscribers-and-leaving.md). A database failure answers 500 so the
 * provider sends it again.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json({ error: "Method not allowed" }, { status: 405 });
  const authorization = request.headers.get("authorization");
  const secret = authorization?.startsWith("Bearer ") ? authorization.slice(7) : null;
  if (!hasWebhookSecret(secret)) return Response.json({ error: "Unauthorized" }, { status: 401 });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    return Response.json({ error: "Payload too large" }, { status: 413 });
  }
  const body = await request.text();
  if (body.length > MAX_BODY_BYTES) {
    return Response.json({ error: "Payload too large" }, { status: 413 });
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return Response.json({ error: "Not JSON" }, { status: 400 });
  }
  const notice = bounceNoticeSchema.safeParse(json);
  if (!notice.success) return Response.json({ error: "Not a bounce notice" }, { status: 400 });
  try {
    const stopped = await recordBounce(notice.data);
    return Response.json({ ok: true, stopped });
  } catch (error) {
    logger.error({ err: error }, "a bounce notice could not be recorded");
    return Response.json({ error: "Try again later" }, { status: 500 });
  }
}

export function loader() {
  return Response.json(
    { error: "Method not allowed" },
    { status: 405, headers: { Allow: "POST" } },
  );
}
