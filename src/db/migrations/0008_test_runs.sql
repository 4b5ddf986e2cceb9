CREATE TABLE "test_card_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text NOT NULL,
	"creator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"template_id" uuid,
	"template_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_data_associations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"card_id" uuid,
	"step_id" uuid
);
--> statement-breakpoint
CREATE TABLE "test_data_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"storage_url" text NOT NULL,
	"file_size" bigint NOT NULL,
	"content_type" text DEFAULT 'application/octet-stream' NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploader_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_measurements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"step_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"value" double precision NOT NULL,
	"units" text,
	"low" double precision,
	"high" double precision,
	"marginal_low" double precision,
	"marginal_high" double precision,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_observations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"step_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"text" text NOT NULL,
	"attachment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_by" text NOT NULL,
	"creator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_run_assets" (
	"run_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "test_run_assets_run_id_entity_id_pk" PRIMARY KEY("run_id","entity_id")
);
--> statement-breakpoint
CREATE TABLE "test_run_contributors" (
	"run_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_run_contributors_run_id_email_pk" PRIMARY KEY("run_id","email")
);
--> statement-breakpoint
CREATE TABLE "test_run_counters" (
	"system_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_run_issues" (
	"id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	"card_id" uuid,
	"step_id" uuid,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_run_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"card_id" uuid,
	"step_id" uuid,
	"title" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"analysis_context" text DEFAULT '' NOT NULL,
	"job_run_id" uuid,
	"created_by" text NOT NULL,
	"creator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"system_id" uuid NOT NULL,
	"run_number" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"creator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_steps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"card_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"step_type" text DEFAULT 'passfail' NOT NULL,
	"execution_status" text DEFAULT 'todo' NOT NULL,
	"exception" text,
	"measurement_specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_card_templates" ADD CONSTRAINT "test_card_templates_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cards" ADD CONSTRAINT "test_cards_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cards" ADD CONSTRAINT "test_cards_template_id_test_card_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."test_card_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_data_associations" ADD CONSTRAINT "test_data_associations_file_id_test_data_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."test_data_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_data_associations" ADD CONSTRAINT "test_data_associations_card_id_test_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."test_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_data_associations" ADD CONSTRAINT "test_data_associations_step_id_test_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."test_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_data_files" ADD CONSTRAINT "test_data_files_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_data_files" ADD CONSTRAINT "test_data_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_measurements" ADD CONSTRAINT "test_measurements_step_id_test_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."test_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_measurements" ADD CONSTRAINT "test_measurements_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_observations" ADD CONSTRAINT "test_observations_step_id_test_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."test_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_observations" ADD CONSTRAINT "test_observations_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_observations" ADD CONSTRAINT "test_observations_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_assets" ADD CONSTRAINT "test_run_assets_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_assets" ADD CONSTRAINT "test_run_assets_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_contributors" ADD CONSTRAINT "test_run_contributors_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_counters" ADD CONSTRAINT "test_run_counters_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_issues" ADD CONSTRAINT "test_run_issues_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_issues" ADD CONSTRAINT "test_run_issues_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_issues" ADD CONSTRAINT "test_run_issues_card_id_test_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."test_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_issues" ADD CONSTRAINT "test_run_issues_step_id_test_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."test_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_reports" ADD CONSTRAINT "test_run_reports_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_reports" ADD CONSTRAINT "test_run_reports_card_id_test_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."test_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_reports" ADD CONSTRAINT "test_run_reports_step_id_test_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."test_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_reports" ADD CONSTRAINT "test_run_reports_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_steps" ADD CONSTRAINT "test_steps_card_id_test_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."test_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_steps" ADD CONSTRAINT "test_steps_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_card_templates_list_idx" ON "test_card_templates" USING btree ("created_at","id") WHERE "test_card_templates"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "test_cards_run_idx" ON "test_cards" USING btree ("run_id","position");--> statement-breakpoint
CREATE INDEX "test_data_associations_file_idx" ON "test_data_associations" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "test_data_associations_card_idx" ON "test_data_associations" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "test_data_associations_step_idx" ON "test_data_associations" USING btree ("step_id");--> statement-breakpoint
CREATE INDEX "test_data_files_run_idx" ON "test_data_files" USING btree ("run_id","created_at","id");--> statement-breakpoint
CREATE INDEX "test_measurements_step_idx" ON "test_measurements" USING btree ("step_id","position");--> statement-breakpoint
CREATE INDEX "test_measurements_name_idx" ON "test_measurements" USING btree ("name","run_id");--> statement-breakpoint
CREATE INDEX "test_observations_step_idx" ON "test_observations" USING btree ("step_id","created_at");--> statement-breakpoint
CREATE INDEX "test_run_issues_run_idx" ON "test_run_issues" USING btree ("run_id","position");--> statement-breakpoint
CREATE INDEX "test_run_issues_issue_idx" ON "test_run_issues" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "test_run_reports_run_idx" ON "test_run_reports" USING btree ("run_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_runs_number_uq" ON "test_runs" USING btree ("system_id","run_number");--> statement-breakpoint
CREATE INDEX "test_runs_list_idx" ON "test_runs" USING btree ("created_at","id") WHERE "test_runs"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "test_runs_system_idx" ON "test_runs" USING btree ("system_id","created_at","id") WHERE "test_runs"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "test_steps_card_idx" ON "test_steps" USING btree ("card_id","position");--> statement-breakpoint
CREATE INDEX "test_steps_run_status_idx" ON "test_steps" USING btree ("run_id","execution_status");