CREATE TABLE "gift_dedication_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedication_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"change" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_dedications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"honoree" text NOT NULL,
	"recipient_name" text,
	"recipient_email" text,
	"message" text,
	"card_language" text,
	"send_on" date,
	"send_at" timestamp with time zone,
	"show_amount" boolean DEFAULT false NOT NULL,
	"card_status" text,
	"card_sent_at" timestamp with time zone,
	"resend_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_dedications_donation_id_unique" UNIQUE("donation_id")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "gift_dedication_changes" ADD CONSTRAINT "gift_dedication_changes_dedication_id_gift_dedications_id_fk" FOREIGN KEY ("dedication_id") REFERENCES "public"."gift_dedications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_dedication_changes_dedication_idx" ON "gift_dedication_changes" USING btree ("dedication_id");--> statement-breakpoint
CREATE INDEX "gift_dedications_due_idx" ON "gift_dedications" USING btree ("card_status","send_at");--> statement-breakpoint
CREATE INDEX "gift_dedications_recipient_idx" ON "gift_dedications" USING btree ("recipient_email","send_on");