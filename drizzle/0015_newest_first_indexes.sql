DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "donations_created_idx";--> statement-breakpoint
DROP INDEX "newsletter_subscriptions_created_idx";--> statement-breakpoint
DROP INDEX "partnership_inquiries_created_idx";--> statement-breakpoint
DROP INDEX "volunteer_signups_created_idx";--> statement-breakpoint
CREATE INDEX "contact_messages_newest_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "donations_newest_idx" ON "donations" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_newest_idx" ON "newsletter_subscriptions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "partnership_inquiries_newest_idx" ON "partnership_inquiries" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "volunteer_signups_newest_idx" ON "volunteer_signups" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fundraisers_newest_idx" ON "fundraisers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);