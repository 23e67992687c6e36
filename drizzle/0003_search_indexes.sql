-- Search folds accents and case (docs/decisions/102): "informacion" finds "Información".
-- unaccent with its dictionary named is immutable in practice, so an index may use it.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
DROP INDEX "documents_published_created_idx";--> statement-breakpoint
DROP INDEX "documents_title_trgm_idx";--> statement-breakpoint
DROP INDEX "documents_description_trgm_idx";--> statement-breakpoint
DROP INDEX "external_links_published_created_idx";--> statement-breakpoint
DROP INDEX "external_links_title_trgm_idx";--> statement-breakpoint
DROP INDEX "external_links_description_trgm_idx";--> statement-breakpoint
DROP INDEX "statistics_published_created_idx";--> statement-breakpoint
DROP INDEX "statistics_title_trgm_idx";--> statement-breakpoint
DROP INDEX "statistics_description_trgm_idx";--> statement-breakpoint
CREATE INDEX "documents_published_newest_idx" ON "documents" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "documents"."is_published";--> statement-breakpoint
CREATE INDEX "documents_newest_idx" ON "documents" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "documents_search_trgm_idx" ON "documents" USING gin (search_fold("title" || E'\n' || coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "external_links_published_newest_idx" ON "external_links" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "external_links"."is_published";--> statement-breakpoint
CREATE INDEX "external_links_newest_idx" ON "external_links" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "external_links_search_trgm_idx" ON "external_links" USING gin (search_fold("title" || E'\n' || coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "statistics_published_newest_idx" ON "statistics" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "statistics"."is_published";--> statement-breakpoint
CREATE INDEX "statistics_newest_idx" ON "statistics" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "statistics_search_trgm_idx" ON "statistics" USING gin (search_fold("title" || E'\n' || coalesce("description", '')) gin_trgm_ops);