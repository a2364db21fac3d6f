CREATE TABLE "heavy_work" (
	"result_id" text PRIMARY KEY NOT NULL,
	"guest_session_id" text,
	"user_id" text,
	"by_guest" boolean NOT NULL,
	"client_ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "heavy_work_user_idx" ON "heavy_work" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "heavy_work_guest_session_idx" ON "heavy_work" USING btree ("guest_session_id","created_at");--> statement-breakpoint
CREATE INDEX "heavy_work_client_ip_idx" ON "heavy_work" USING btree ("client_ip","created_at");