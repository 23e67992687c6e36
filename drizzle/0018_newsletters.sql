CREATE TABLE "newsletter_bounces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_rate" (
	"minute" timestamp with time zone PRIMARY KEY NOT NULL,
	"used" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"newsletter_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"language" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"queued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "newsletter_recipients_once_key" UNIQUE("newsletter_id","subscriber_id")
);
--> statement-breakpoint
CREATE TABLE "newsletters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_en" text NOT NULL,
	"body_en" jsonb NOT NULL,
	"subject_es" text,
	"body_es" jsonb,
	"status" text DEFAULT 'draft' NOT NULL,
	"send_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "mail_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_bounces_created_idx" ON "newsletter_bounces" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "newsletter_recipients_state_idx" ON "newsletter_recipients" USING btree ("newsletter_id","state");--> statement-breakpoint
CREATE INDEX "newsletters_status_idx" ON "newsletters" USING btree ("status","send_at");--> statement-breakpoint
-- Double opt-in arrives: everyone who signed up before counts as confirmed (docs/decisions/291-newsletter-subscribers-and-leaving.md).
UPDATE "newsletter_subscriptions" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
