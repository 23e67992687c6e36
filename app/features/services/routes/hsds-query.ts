/**
 * The query of /api/hsds/services, checked (docs/decisions/166-hsds-export.md): `search`, `page`
 * (from 1), `per_page` (1 to 100, default 25), `modified_after` (an ISO 8601 date or date-time).
 * A bad value is a 400 with a message naming the parameter.
 */
import { z } from "zod";

const positive = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((value) => value >= 1 && value <= max, `${name} must be between 1 and ${max}`);

export const exportQuerySchema = z.object({
  search: z.string().trim().max(200, "search must be at most 200 characters").optional(),
  page: positive("page", 100_000).default(1),
  per_page: positive("per_page", 100).default(25),
  modified_after: z
    .string()
    .regex(
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/,
      "modified_after must be a date or date-time such as 2026-11-01T00:00:00Z",
    )
    .transform((value) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value))
    .refine((date) => !Number.isNaN(date.getTime()), "modified_after is not a real date")
    .optional(),
});

const KNOWN = new Set(["search", "page", "per_page", "modified_after"]);

export type ParsedExportQuery =
  | { ok: true; query: { search?: string; page: number; perPage: number; modifiedAfter?: Date } }
  | { ok: false; message: string };

export function parseExportQuery(params: URLSearchParams): ParsedExportQuery {
  const values: Record<string, string> = {};
  for (const [name, value] of params) {
    if (!KNOWN.has(name)) continue;
    if (name in values) return { ok: false, message: `${name} is given more than once` };
    values[name] = value;
  }
  const parsed = exportQuerySchema.safeParse(values);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0].message };
  const { search, page, per_page, modified_after } = parsed.data;
  return {
    ok: true,
    query: { search: search || undefined, page, perPage: per_page, modifiedAfter: modified_after },
  };
}
