CREATE TABLE "password_failures" (
	"id" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"client_ip" text NOT NULL,
	"cleared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_ups" (
	"id" text PRIMARY KEY NOT NULL,
	"client_ip" text NOT NULL,
	"device_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "confirmation_links" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "password_failures_account_idx" ON "password_failures" USING btree ("account","created_at");--> statement-breakpoint
CREATE INDEX "password_failures_ip_idx" ON "password_failures" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "sign_ups_client_ip_idx" ON "sign_ups" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "sign_ups_device_idx" ON "sign_ups" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "confirmation_links_token_idx" ON "confirmation_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "confirmation_links_user_idx" ON "confirmation_links" USING btree ("user_id","purpose");