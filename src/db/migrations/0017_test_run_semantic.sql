CREATE TABLE "test_run_search_components" (
	"component_type" text NOT NULL,
	"component_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"system_id" uuid NOT NULL,
	"text_hash" text NOT NULL,
	CONSTRAINT "test_run_search_components_component_id_component_type_pk" PRIMARY KEY("component_id","component_type")
);
--> statement-breakpoint
CREATE TABLE "test_run_search_state" (
	"run_id" uuid PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"pending_job_run_id" uuid
);
--> statement-breakpoint
CREATE TABLE "test_run_search_texts" (
	"model" text NOT NULL,
	"text_hash" text NOT NULL,
	"dims" integer NOT NULL,
	"embedding" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_run_search_texts_model_text_hash_pk" PRIMARY KEY("model","text_hash")
);
--> statement-breakpoint
ALTER TABLE "test_run_search_components" ADD CONSTRAINT "test_run_search_components_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_search_state" ADD CONSTRAINT "test_run_search_state_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_run_search_components_run_idx" ON "test_run_search_components" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "test_run_search_components_text_idx" ON "test_run_search_components" USING btree ("text_hash","run_id" DESC NULLS LAST,"component_id");--> statement-breakpoint
CREATE INDEX "test_run_search_components_scope_idx" ON "test_run_search_components" USING btree ("text_hash","system_id","component_type");