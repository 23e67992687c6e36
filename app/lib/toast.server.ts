import { randomUUID } from "node:crypto";
import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { env } from "./env.server";
import { sessionSecret } from "./secret.server";

export const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error"]),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.infer<typeof toastSchema>;

function toastCookie() {
  return createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secrets: [sessionSecret()],
    secure: env().PUBLIC_URL.startsWith("https://"),
  });
}

/**
 * Redirects and carries a toast in a one-time cookie, so the message also reaches visitors without
 * JavaScript: the next page renders it (docs/decisions/005-flash-toasts.md).
 */
export async function redirectWithToast(
  url: string,
  toast: Omit<Toast, "id">,
  init: ResponseInit = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie().serialize({ ...toast, id: randomUUID() }));
  return redirect(url, { ...init, headers });
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function getToast(request: Request) {
  const cookie = toastCookie();
  const raw = await cookie.parse(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(raw);
  return {
    toast: parsed.success ? parsed.data : null,
    headers: raw ? { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) } : undefined,
  };
}
