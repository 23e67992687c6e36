ALTER TABLE "fundraisers" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "photo_width" integer;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "photo_height" integer;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "pending_photo_key" text;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "pending_photo_width" integer;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "pending_photo_height" integer;