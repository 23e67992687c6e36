CREATE TABLE "fundraiser_gift_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donation_id" text NOT NULL,
	"from_fundraiser_id" text,
	"to_fundraiser_id" text,
	"note" text NOT NULL,
	"moved_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "show_amount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "gift_message" text;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD COLUMN "show_amount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "pending_story" text;--> statement-breakpoint
CREATE INDEX "fundraiser_gift_moves_created_idx" ON "fundraiser_gift_moves" USING btree ("created_at");