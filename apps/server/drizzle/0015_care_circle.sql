CREATE TABLE "care_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"member_id" uuid,
	"action" text NOT NULL,
	"role" text,
	"scopes" text[],
	"resource" text,
	"hour" timestamp with time zone,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"role" text NOT NULL,
	"scopes" text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"role" text NOT NULL,
	"scopes" text[] NOT NULL,
	"can_mark_taken" boolean DEFAULT false NOT NULL,
	"alerts" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adherence_records" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "care_audit" ADD CONSTRAINT "care_audit_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_audit" ADD CONSTRAINT "care_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_audit" ADD CONSTRAINT "care_audit_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_invitations" ADD CONSTRAINT "care_invitations_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_members" ADD CONSTRAINT "care_members_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_members" ADD CONSTRAINT "care_members_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_audit_patient_at_idx" ON "care_audit" USING btree ("patient_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "care_audit_view_hour_key" ON "care_audit" USING btree ("patient_id","actor_id","resource","hour") WHERE "care_audit"."action" = 'view';--> statement-breakpoint
CREATE UNIQUE INDEX "care_invitations_token_hash_key" ON "care_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "care_invitations_patient_id_idx" ON "care_invitations" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "care_members_patient_member_key" ON "care_members" USING btree ("patient_id","member_id");--> statement-breakpoint
CREATE INDEX "care_members_member_id_idx" ON "care_members" USING btree ("member_id");--> statement-breakpoint
ALTER TABLE "adherence_records" ADD CONSTRAINT "adherence_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adherence_recorded_by_idx" ON "adherence_records" USING btree ("recorded_by") WHERE "adherence_records"."recorded_by" is not null;