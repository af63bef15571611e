CREATE TABLE "care_alert_deliveries" (
	"alert_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "care_alert_deliveries_alert_id_member_id_channel_pk" PRIMARY KEY("alert_id","member_id","channel")
);
--> statement-breakpoint
CREATE TABLE "care_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"medication_id" uuid,
	"dose_date" date,
	"scheduled_time" text,
	"reading_id" uuid,
	"value" integer,
	"event_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"detail" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"claim_token" uuid,
	"sent_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"seen_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_alert_deliveries" ADD CONSTRAINT "care_alert_deliveries_alert_id_care_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."care_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_alert_deliveries" ADD CONSTRAINT "care_alert_deliveries_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_alerts" ADD CONSTRAINT "care_alerts_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_alerts" ADD CONSTRAINT "care_alerts_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_alerts" ADD CONSTRAINT "care_alerts_seen_by_users_id_fk" FOREIGN KEY ("seen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_alert_deliveries_member_idx" ON "care_alert_deliveries" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "care_alerts_dedupe_key" ON "care_alerts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "care_alerts_pending_due_idx" ON "care_alerts" USING btree ("due_at") WHERE "care_alerts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "care_alerts_patient_created_idx" ON "care_alerts" USING btree ("patient_id","created_at");