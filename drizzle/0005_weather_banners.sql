CREATE TABLE "weather_alert_links" (
	"alert_id" text PRIMARY KEY NOT NULL,
	"banner_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weather_banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"message_en" text NOT NULL,
	"message_es" text,
	"link" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"status" text DEFAULT 'published' NOT NULL,
	"source" text DEFAULT 'staff' NOT NULL,
	"nws_alert_id" text,
	"nws_event" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "weather_alert_links" ADD CONSTRAINT "weather_alert_links_banner_id_weather_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."weather_banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weather_alert_links_banner_idx" ON "weather_alert_links" USING btree ("banner_id");--> statement-breakpoint
CREATE INDEX "weather_banners_ends_at_idx" ON "weather_banners" USING btree ("ends_at");