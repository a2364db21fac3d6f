CREATE TABLE "admin_audit" (
	"id" text PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"target_user_id" text NOT NULL,
	"change" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "admin_audit_target_idx" ON "admin_audit" USING btree ("target_user_id","created_at");