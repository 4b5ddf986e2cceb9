CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"job_type" text NOT NULL,
	"job_name" text NOT NULL,
	"config" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"lease_until" timestamp with time zone,
	"pause_requested" boolean DEFAULT false NOT NULL,
	"checkpoint" jsonb,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"progress_pct" integer DEFAULT 0 NOT NULL,
	"progress_message" text,
	"error_code" text,
	"error_message" text,
	"output_references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"llm_usage" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_by" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"job_type" text NOT NULL,
	"config" jsonb NOT NULL,
	"source_session_id" uuid,
	"source_project_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_runs_claim_idx" ON "job_runs" USING btree ("run_after","id") WHERE "job_runs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "job_runs_lease_idx" ON "job_runs" USING btree ("lease_until") WHERE "job_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "job_runs_job_idx" ON "job_runs" USING btree ("job_id","created_at","id");--> statement-breakpoint
CREATE INDEX "job_runs_list_idx" ON "job_runs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "jobs_list_idx" ON "jobs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "jobs_type_idx" ON "jobs" USING btree ("job_type","created_at");