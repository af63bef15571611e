ALTER TABLE "adherence_records" ADD COLUMN "pill_used" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Doses taken before this column existed took a pill when their medication counted pills.
UPDATE "adherence_records" SET "pill_used" = true FROM "medications" WHERE "adherence_records"."medication_id" = "medications"."id" AND "adherence_records"."status" = 'taken' AND "medications"."refill_enabled" = true;
