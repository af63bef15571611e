CREATE TABLE "glucose_daily_counts" (
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"readings" integer NOT NULL,
	"value_sum" bigint NOT NULL,
	"value_square_sum" bigint NOT NULL,
	"below_54" integer NOT NULL,
	"below_70" integer NOT NULL,
	"in_range" integer NOT NULL,
	CONSTRAINT "glucose_daily_counts_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
CREATE TABLE "care_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"code" text NOT NULL,
	"role" text NOT NULL,
	"scopes" text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_members" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "glucose_daily_counts" ADD CONSTRAINT "glucose_daily_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_requests_code_key" ON "care_requests" USING btree ("code");--> statement-breakpoint
CREATE INDEX "care_requests_member_id_idx" ON "care_requests" USING btree ("member_id");