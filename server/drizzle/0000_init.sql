CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" text PRIMARY KEY NOT NULL,
	"guest_session_id" text,
	"user_id" text,
	"client_ip" text NOT NULL,
	"original_name" text NOT NULL,
	"original_size" integer NOT NULL,
	"processed_size" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"format" text DEFAULT '' NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"already_optimal" boolean DEFAULT false NOT NULL,
	"storage_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "results_guest_session_idx" ON "results" USING btree ("guest_session_id","created_at");--> statement-breakpoint
CREATE INDEX "results_user_idx" ON "results" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "results_client_ip_idx" ON "results" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "results_expires_idx" ON "results" USING btree ("status","expires_at");