CREATE TABLE "adherence_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"medication_id" uuid NOT NULL,
	"date" date NOT NULL,
	"scheduled_time" text NOT NULL,
	"taken_time" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"dosage" text NOT NULL,
	"form" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"color" text NOT NULL,
	"when_to_take" text,
	"frequency" text NOT NULL,
	"times" text[] NOT NULL,
	"weekdays" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"refill_enabled" boolean DEFAULT false NOT NULL,
	"pills_remaining" integer DEFAULT 30 NOT NULL,
	"refill_threshold" integer DEFAULT 7 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adherence_records" ADD CONSTRAINT "adherence_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adherence_records" ADD CONSTRAINT "adherence_records_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adherence_dose_key" ON "adherence_records" USING btree ("medication_id","date","scheduled_time");--> statement-breakpoint
CREATE INDEX "adherence_user_date_idx" ON "adherence_records" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "medications_user_id_idx" ON "medications" USING btree ("user_id","created_at");