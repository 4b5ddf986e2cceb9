CREATE TABLE "test_run_search_terms" (
	"lexeme" text NOT NULL,
	"run_id" uuid NOT NULL,
	"component_type" text NOT NULL,
	"n_title" integer NOT NULL,
	"n_body" integer NOT NULL,
	CONSTRAINT "test_run_search_terms_lexeme_run_id_component_type_pk" PRIMARY KEY("lexeme","run_id","component_type")
);
--> statement-breakpoint
ALTER TABLE "test_run_search_terms" ADD CONSTRAINT "test_run_search_terms_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;