CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"from_at" timestamp with time zone,
	"to_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_staged_readings" (
	"batch_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"device_serial" text NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"value" integer NOT NULL,
	"flag" text,
	"kind" text NOT NULL,
	"dst_ambiguous" boolean DEFAULT false NOT NULL,
	CONSTRAINT "import_staged_readings_batch_id_device_serial_measured_at_pk" PRIMARY KEY("batch_id","device_serial","measured_at")
);
--> statement-breakpoint
CREATE TABLE "sensor_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"source" text NOT NULL,
	"device_serial" text NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"value" integer NOT NULL,
	"flag" text,
	"kind" text NOT NULL,
	"dst_ambiguous" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_staged_readings" ADD CONSTRAINT "import_staged_readings_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_staged_readings" ADD CONSTRAINT "import_staged_readings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_readings" ADD CONSTRAINT "sensor_readings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_readings" ADD CONSTRAINT "sensor_readings_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_user_idx" ON "import_batches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sensor_readings_dedup_idx" ON "sensor_readings" USING btree ("user_id","source","device_serial","measured_at");--> statement-breakpoint
CREATE INDEX "sensor_readings_user_date_idx" ON "sensor_readings" USING btree ("user_id","date","time");--> statement-breakpoint
CREATE INDEX "sensor_readings_batch_idx" ON "sensor_readings" USING btree ("batch_id");