CREATE TABLE "skill_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"skill_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"scope" text NOT NULL,
	"power_command" text NOT NULL,
	"instructions" text NOT NULL,
	"status" text NOT NULL,
	"change_summary" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"review_comment" text
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_by" text NOT NULL,
	"group_id" uuid,
	"job_id" uuid,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"scope" text NOT NULL,
	"power_command" text NOT NULL,
	"instructions" text NOT NULL,
	"status" text NOT NULL,
	"current_version" integer NOT NULL,
	"pending_version" integer,
	"approved" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "skill_versions" ADD CONSTRAINT "skill_versions_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "skill_versions_uq" ON "skill_versions" USING btree ("skill_id","version_number");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_owner_command_uq" ON "skills" USING btree ("owner_id","power_command") WHERE "skills"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "skills_published_command_uq" ON "skills" USING btree ("power_command") WHERE "skills"."approved" AND "skills"."scope" = 'global' AND "skills"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "skills_list_idx" ON "skills" USING btree ("created_at","id");