CREATE TABLE "care_settings" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"missed_dose_alert_minutes" integer DEFAULT 60 NOT NULL,
	"low_glucose_alerts" boolean DEFAULT true NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_settings_minutes_range" CHECK ("care_settings"."missed_dose_alert_minutes" between 5 and 240),
	CONSTRAINT "care_settings_quiet_both" CHECK (("care_settings"."quiet_start" is null) = ("care_settings"."quiet_end" is null))
);
--> statement-breakpoint
ALTER TABLE "care_settings" ADD CONSTRAINT "care_settings_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;