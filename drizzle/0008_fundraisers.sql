CREATE TABLE "fundraisers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"owner_name" text NOT NULL,
	"owner_email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"title" text NOT NULL,
	"story" text NOT NULL,
	"goal_cents" integer NOT NULL,
	"end_date" date,
	"show_progress" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"rejection_reason" text,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"guidelines_confirmed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "fundraiser_id" uuid;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD COLUMN "fundraiser_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "fundraisers_slug_idx" ON "fundraisers" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "fundraisers_status_idx" ON "fundraisers" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD CONSTRAINT "monthly_gifts_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_fundraiser_idx" ON "donations" USING btree ("fundraiser_id");