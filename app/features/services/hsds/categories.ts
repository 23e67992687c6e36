/**
 * The finder's category of an imported HSDS service, from its taxonomy terms
 * (docs/decisions/162-hsds-import.md has the table). HSDS 3.0 links terms to a service through
 * `attributes[].taxonomy_term` (code, name, taxonomy). Undefined when no term says: the stored
 * category (or "other" for a new service) stays.
 */
import { type ServiceCategory, serviceCategories } from "#app/db/schema/services";

/** The taxonomy the export names its categories in (hsds/export.server.ts). */
export const FINDER_TAXONOMY = "houston-home-finder";

/**
 * Open Referral directories often use the AIRS/211 taxonomy: its codes start with the branch.
 * Longest prefix wins.
 */
const AIRS_PREFIXES: [string, ServiceCategory][] = [
  ["BH-1800", "shelter"],
  ["BD", "food"],
  ["BM-6500.6500-800", "showers"],
  ["LN", "clinic"],
  ["FT", "legal"],
  ["ND", "jobs"],
];

/** Names more specific than any code: a warming center is filed under shelters in AIRS. */
const FIRST_WORDS: [RegExp, ServiceCategory][] = [
  [/\bwarming\b/i, "warming-center"],
  [/\bcooling\b/i, "cooling-center"],
];

/** Words in a term's name; earlier rules win. */
const NAME_WORDS: [RegExp, ServiceCategory][] = [
  [/\bshowers?\b|\bhygiene\b/i, "showers"],
  [/\bshelters?\b|\bemergency housing\b/i, "shelter"],
  [/\bfood\b|\bmeals?\b|\bpantr(y|ies)\b|\bsoup kitchens?\b/i, "food"],
  [/\bclinics?\b|\bhealth care\b|\bmedical\b/i, "clinic"],
  [/\blegal\b|\blawyers?\b|\battorneys?\b/i, "legal"],
  [/\bjobs?\b|\bemployment\b/i, "jobs"],
];

interface Term {
  code?: unknown;
  name?: unknown;
}

function termsOf(service: Record<string, unknown>): Term[] {
  const attributes = Array.isArray(service.attributes) ? service.attributes : [];
  return attributes
    .map((attribute) =>
      typeof attribute === "object" && attribute !== null
        ? (attribute as { taxonomy_term?: unknown }).taxonomy_term
        : undefined,
    )
    .filter((term): term is Term => typeof term === "object" && term !== null);
}

export function categoryOfTerm(term: Term): ServiceCategory | undefined {
  const code = typeof term.code === "string" ? term.code.trim() : "";
  const name = typeof term.name === "string" ? term.name.trim() : "";
  const own = serviceCategories.find((category) => category === code.toLowerCase());
  if (own) return own;
  const first = FIRST_WORDS.find(([words]) => words.test(name));
  if (first) return first[1];
  const airs = AIRS_PREFIXES.filter(([prefix]) => code.toUpperCase().startsWith(prefix)).sort(
    (a, b) => b[0].length - a[0].length,
  )[0];
  if (airs) return airs[1];
  return NAME_WORDS.find(([words]) => words.test(name))?.[1];
}

export function categoryOfService(service: Record<string, unknown>): ServiceCategory | undefined {
  for (const term of termsOf(service)) {
    const category = categoryOfTerm(term);
    if (category) return category;
  }
  return undefined;
}
