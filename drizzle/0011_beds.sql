CREATE TABLE "bed_update_links" (
	"service_id" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_to" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "capacity_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"capacity_id" text NOT NULL,
	"service_id" text NOT NULL,
	"available" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"staff_name" text
);
--> statement-breakpoint
CREATE TABLE "hsds_service_capacity" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"unit_id" text NOT NULL,
	"available" integer NOT NULL,
	"maximum" integer,
	"description" text,
	"updated" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hsds_unit" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scheme" text,
	"identifier" text,
	"uri" text
);
--> statement-breakpoint
ALTER TABLE "hsds_service" ADD COLUMN "capacity_fresh_hours" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "hsds_service" ADD COLUMN "places_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bed_update_links" ADD CONSTRAINT "bed_update_links_service_id_hsds_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."hsds_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_changes" ADD CONSTRAINT "capacity_changes_capacity_id_hsds_service_capacity_id_fk" FOREIGN KEY ("capacity_id") REFERENCES "public"."hsds_service_capacity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_changes" ADD CONSTRAINT "capacity_changes_service_id_hsds_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."hsds_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_service_capacity" ADD CONSTRAINT "hsds_service_capacity_service_id_hsds_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."hsds_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_service_capacity" ADD CONSTRAINT "hsds_service_capacity_unit_id_hsds_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."hsds_unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capacity_changes_service_idx" ON "capacity_changes" USING btree ("service_id","changed_at");--> statement-breakpoint
CREATE INDEX "hsds_service_capacity_service_idx" ON "hsds_service_capacity" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "hsds_service_places_until_idx" ON "hsds_service" USING btree ("places_until");