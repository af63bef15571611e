ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "glucose_unit" text DEFAULT 'mg/dL' NOT NULL;