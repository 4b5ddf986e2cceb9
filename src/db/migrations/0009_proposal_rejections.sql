CREATE TABLE "metagraph_rejections" (
	"system_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"rejected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rejected_by" text NOT NULL,
	"job_run_id" uuid,
	CONSTRAINT "metagraph_rejections_system_id_kind_key_pk" PRIMARY KEY("system_id","kind","key")
);
--> statement-breakpoint
ALTER TABLE "metagraph_rejections" ADD CONSTRAINT "metagraph_rejections_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;