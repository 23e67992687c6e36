ALTER TABLE "donations" ADD COLUMN "show_amount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "gift_message" text;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD COLUMN "show_amount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "pending_story" text;