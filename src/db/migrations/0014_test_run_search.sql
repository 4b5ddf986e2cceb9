CREATE TABLE "test_run_search_documents" (
	"component_id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"component_type" text NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_run_search_terms" (
	"lexeme" text NOT NULL,
	"run_id" uuid NOT NULL,
	"component_type" text NOT NULL,
	"n_title" integer NOT NULL,
	"n_body" integer NOT NULL,
	CONSTRAINT "test_run_search_terms_lexeme_run_id_component_type_pk" PRIMARY KEY("lexeme","run_id","component_type")
);
--> statement-breakpoint
ALTER TABLE "test_run_search_documents" ADD CONSTRAINT "test_run_search_documents_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_search_terms" ADD CONSTRAINT "test_run_search_terms_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_run_search_documents_gin" ON "test_run_search_documents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "test_run_search_documents_run_idx" ON "test_run_search_documents" USING btree ("run_id");