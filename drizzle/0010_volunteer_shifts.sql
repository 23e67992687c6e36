CREATE TABLE "shift_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shift_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"adult" boolean NOT NULL,
	"requirements_acknowledged" boolean NOT NULL,
	"status" text NOT NULL,
	"position" integer NOT NULL,
	"offer_expires_at" timestamp with time zone,
	"offers" integer DEFAULT 0 NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"attendance" text,
	"cancelled_at" timestamp with time zone,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_opportunities" (
	"slug" text PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity" text NOT NULL,
	"series_id" uuid,
	"title_en" text NOT NULL,
	"title_es" text NOT NULL,
	"day" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"seats" integer NOT NULL,
	"waitlist_length" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteer_shifts_seats_check" CHECK ("volunteer_shifts"."seats" >= 1 and "volunteer_shifts"."waitlist_length" >= 0),
	CONSTRAINT "volunteer_shifts_times_check" CHECK ("volunteer_shifts"."ends_at" > "volunteer_shifts"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "shift_signups" ADD CONSTRAINT "shift_signups_shift_id_volunteer_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."volunteer_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shift_signups_position_idx" ON "shift_signups" USING btree ("shift_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_signups_email_idx" ON "shift_signups" USING btree ("shift_id","email") WHERE "shift_signups"."status" in ('seated', 'waiting', 'offered');--> statement-breakpoint
CREATE INDEX "shift_signups_status_idx" ON "shift_signups" USING btree ("shift_id","status","position");--> statement-breakpoint
CREATE INDEX "shift_signups_email_created_idx" ON "shift_signups" USING btree ("email");--> statement-breakpoint
CREATE INDEX "volunteer_shifts_starts_idx" ON "volunteer_shifts" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "volunteer_shifts_series_idx" ON "volunteer_shifts" USING btree ("series_id","starts_at");