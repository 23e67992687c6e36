-- The service finder's HSDS 3.0 tables (docs/decisions/160-hsds-tables.md) and the library's Spanish texts.
CREATE TABLE "hsds_accessibility" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"description" text,
	"details" text,
	"url" text
);
--> statement-breakpoint
CREATE TABLE "hsds_address" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"attention" text,
	"address_1" text NOT NULL,
	"address_2" text,
	"city" text,
	"region" text,
	"state_province" text,
	"postal_code" text,
	"country" text,
	"address_type" text DEFAULT 'physical' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hsds_language" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text,
	"location_id" text,
	"phone_id" text,
	"name" text,
	"code" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "hsds_location" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text,
	"location_type" text DEFAULT 'physical' NOT NULL,
	"url" text,
	"name" text,
	"alternate_name" text,
	"description" text,
	"transportation" text,
	"latitude" double precision,
	"longitude" double precision,
	"external_identifier" text,
	"external_identifier_type" text,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hsds_organization" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"alternate_name" text,
	"description" text DEFAULT '' NOT NULL,
	"email" text,
	"website" text,
	"tax_status" text,
	"tax_id" text,
	"year_incorporated" integer,
	"legal_status" text,
	"logo" text,
	"uri" text,
	"parent_organization_id" text,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hsds_phone" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text,
	"location_id" text,
	"organization_id" text,
	"service_at_location_id" text,
	"number" text NOT NULL,
	"extension" integer,
	"type" text,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "hsds_schedule" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text,
	"location_id" text,
	"service_at_location_id" text,
	"valid_from" date,
	"valid_to" date,
	"dtstart" date,
	"timezone" double precision,
	"until" date,
	"count" integer,
	"wkst" text,
	"freq" text,
	"interval" integer,
	"byday" text,
	"byweekno" text,
	"bymonthday" text,
	"byyearday" text,
	"description" text,
	"opens_at" text,
	"closes_at" text,
	"schedule_link" text,
	"attending_type" text,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "hsds_service" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"program_id" text,
	"name" text NOT NULL,
	"name_es" text,
	"alternate_name" text,
	"description" text,
	"description_es" text,
	"category" text DEFAULT 'other' NOT NULL,
	"url" text,
	"email" text,
	"status" text DEFAULT 'active' NOT NULL,
	"interpretation_services" text,
	"application_process" text,
	"fees_description" text,
	"eligibility_description" text,
	"eligibility_description_es" text,
	"minimum_age" integer,
	"maximum_age" integer,
	"accreditations" text,
	"licenses" text,
	"alert" text,
	"last_verified" date,
	"assurer_email" text,
	"extra" jsonb,
	"search_text" text DEFAULT '' NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hsds_service_at_location" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"location_id" text NOT NULL,
	"description" text
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "title_es" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "description_es" text;--> statement-breakpoint
ALTER TABLE "external_links" ADD COLUMN "title_es" text;--> statement-breakpoint
ALTER TABLE "external_links" ADD COLUMN "description_es" text;--> statement-breakpoint
ALTER TABLE "statistics" ADD COLUMN "title_es" text;--> statement-breakpoint
ALTER TABLE "statistics" ADD COLUMN "description_es" text;--> statement-breakpoint
ALTER TABLE "hsds_accessibility" ADD CONSTRAINT "hsds_accessibility_location_id_hsds_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."hsds_location"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_address" ADD CONSTRAINT "hsds_address_location_id_hsds_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."hsds_location"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_language" ADD CONSTRAINT "hsds_language_service_id_hsds_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."hsds_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_language" ADD CONSTRAINT "hsds_language_location_id_hsds_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."hsds_location"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_language" ADD CONSTRAINT "hsds_language_phone_id_hsds_phone_id_fk" FOREIGN KEY ("phone_id") REFERENCES "public"."hsds_phone"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_location" ADD CONSTRAINT "hsds_location_organization_id_hsds_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."hsds_organization"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_phone" ADD CONSTRAINT "hsds_phone_service_id_hsds_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."hsds_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_phone" ADD CONSTRAINT "hsds_phone_location_id_hsds_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."hsds_location"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_phone" ADD CONSTRAINT "hsds_phone_organization_id_hsds_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."hsds_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_phone" ADD CONSTRAINT "hsds_phone_service_at_location_id_hsds_service_at_location_id_fk" FOREIGN KEY ("service_at_location_id") REFERENCES "public"."hsds_service_at_location"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_schedule" ADD CONSTRAINT "hsds_schedule_service_id_hsds_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."hsds_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_schedule" ADD CONSTRAINT "hsds_schedule_location_id_hsds_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."hsds_location"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_schedule" ADD CONSTRAINT "hsds_schedule_service_at_location_id_hsds_service_at_location_id_fk" FOREIGN KEY ("service_at_location_id") REFERENCES "public"."hsds_service_at_location"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_service" ADD CONSTRAINT "hsds_service_organization_id_hsds_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."hsds_organization"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_service_at_location" ADD CONSTRAINT "hsds_service_at_location_service_id_hsds_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."hsds_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsds_service_at_location" ADD CONSTRAINT "hsds_service_at_location_location_id_hsds_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."hsds_location"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hsds_accessibility_location_idx" ON "hsds_accessibility" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "hsds_address_location_idx" ON "hsds_address" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "hsds_language_service_idx" ON "hsds_language" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "hsds_language_location_idx" ON "hsds_language" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "hsds_language_phone_idx" ON "hsds_language" USING btree ("phone_id");--> statement-breakpoint
CREATE INDEX "hsds_location_organization_idx" ON "hsds_location" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "hsds_phone_service_idx" ON "hsds_phone" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "hsds_phone_location_idx" ON "hsds_phone" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "hsds_phone_service_at_location_idx" ON "hsds_phone" USING btree ("service_at_location_id");--> statement-breakpoint
CREATE INDEX "hsds_schedule_service_idx" ON "hsds_schedule" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "hsds_schedule_location_idx" ON "hsds_schedule" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "hsds_schedule_service_at_location_idx" ON "hsds_schedule" USING btree ("service_at_location_id");--> statement-breakpoint
CREATE INDEX "hsds_service_status_category_idx" ON "hsds_service" USING btree ("status","category");--> statement-breakpoint
CREATE INDEX "hsds_service_organization_idx" ON "hsds_service" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "hsds_service_last_modified_idx" ON "hsds_service" USING btree ("last_modified");--> statement-breakpoint
CREATE INDEX "hsds_service_search_trgm_idx" ON "hsds_service" USING gin (search_fold("search_text") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hsds_service_at_location_service_idx" ON "hsds_service_at_location" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "hsds_service_at_location_location_idx" ON "hsds_service_at_location" USING btree ("location_id");