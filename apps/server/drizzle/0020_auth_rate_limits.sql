-- Sign-in counters shared by instances on PostgreSQL; IF NOT EXISTS because the rate-limit
-- library used to create this table itself at start (decision 055).
CREATE TABLE IF NOT EXISTS "auth_rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
