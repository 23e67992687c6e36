CREATE TABLE "page_images" (
	"key" text PRIMARY KEY NOT NULL,
	"page_id" uuid NOT NULL,
	"alt" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_languages" (
	"page_id" uuid NOT NULL,
	"language" text NOT NULL,
	"draft_title" text DEFAULT '' NOT NULL,
	"draft_summary" text DEFAULT '' NOT NULL,
	"draft_body" jsonb NOT NULL,
	"draft_version" integer DEFAULT 1 NOT NULL,
	"draft_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"draft_updated_by" text,
	"published_title" text,
	"published_summary" text,
	"published_body" jsonb,
	"published_at" timestamp with time zone,
	"published_version" integer,
	"publish_at" timestamp with time zone,
	"publish_requested_by" text,
	CONSTRAINT "page_languages_page_id_language_pk" PRIMARY KEY("page_id","language")
);
--> statement-breakpoint
CREATE TABLE "page_preview_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"page_id" uuid NOT NULL,
	"language" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" jsonb NOT NULL,
	"published_by" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_path_unique" UNIQUE("path")
);
--> statement-breakpoint
ALTER TABLE "page_images" ADD CONSTRAINT "page_images_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_languages" ADD CONSTRAINT "page_languages_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_preview_tokens" ADD CONSTRAINT "page_preview_tokens_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_revisions" ADD CONSTRAINT "page_revisions_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_images_page_idx" ON "page_images" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "page_languages_publish_at_idx" ON "page_languages" USING btree ("publish_at");--> statement-breakpoint
CREATE INDEX "page_preview_tokens_page_idx" ON "page_preview_tokens" USING btree ("page_id","language");--> statement-breakpoint
CREATE INDEX "page_revisions_page_idx" ON "page_revisions" USING btree ("page_id","language","published_at");