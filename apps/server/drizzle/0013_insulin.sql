CREATE TABLE "insulin_doses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"units" numeric(4, 1) NOT NULL,
	"insulin_type" text NOT NULL,
	"medication_id" uuid,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"meal_context" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "insulin_type" text;--> statement-breakpoint
ALTER TABLE "insulin_doses" ADD CONSTRAINT "insulin_doses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insulin_doses" ADD CONSTRAINT "insulin_doses_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insulin_doses_user_date_idx" ON "insulin_doses" USING btree ("user_id","date","time");