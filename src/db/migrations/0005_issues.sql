CREATE TABLE "issue_attachments" (
	"issue_id" uuid NOT NULL,
	"attachment_id" uuid NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_comment_attachments" (
	"comment_id" uuid NOT NULL,
	"attachment_id" uuid NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_comment_reactions" (
	"comment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"emoji" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"issue_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"created_by" text NOT NULL,
	"content" text NOT NULL,
	"is_edited" boolean DEFAULT false NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "issue_comments"."content")) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "issue_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"issue_id" uuid NOT NULL,
	"attachment_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"issue_id" uuid NOT NULL,
	"field" text NOT NULL,
	"from_value" jsonb,
	"to_value" jsonb,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_sessions" (
	"issue_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"id" uuid PRIMARY KEY NOT NULL,
	"system_id" uuid,
	"title" text NOT NULL,
	"description" jsonb NOT NULL,
	"description_text" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"priority_rank" smallint GENERATED ALWAYS AS (CASE "issues"."priority" WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END) STORED NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"owner" text NOT NULL,
	"resolution_summary" text,
	"created_by" text NOT NULL,
	"creator_id" uuid,
	"job_run_id" uuid,
	"closed_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "issues"."title"), 'A') || setweight(to_tsvector('english', "issues"."description_text"), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "issue_attachments" ADD CONSTRAINT "issue_attachments_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_attachments" ADD CONSTRAINT "issue_attachments_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comment_attachments" ADD CONSTRAINT "issue_comment_attachments_comment_id_issue_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."issue_comments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comment_attachments" ADD CONSTRAINT "issue_comment_attachments_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comment_reactions" ADD CONSTRAINT "issue_comment_reactions_comment_id_issue_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."issue_comments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comment_reactions" ADD CONSTRAINT "issue_comment_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_files" ADD CONSTRAINT "issue_files_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_files" ADD CONSTRAINT "issue_files_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_history" ADD CONSTRAINT "issue_history_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_sessions" ADD CONSTRAINT "issue_sessions_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_sessions" ADD CONSTRAINT "issue_sessions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issue_attachments_pk" ON "issue_attachments" USING btree ("issue_id","attachment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_comment_attachments_pk" ON "issue_comment_attachments" USING btree ("comment_id","attachment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_comment_reactions_pk" ON "issue_comment_reactions" USING btree ("comment_id","emoji","user_id");--> statement-breakpoint
CREATE INDEX "issue_comments_issue_idx" ON "issue_comments" USING btree ("issue_id","created_at","id") WHERE "issue_comments"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "issue_comments_search_idx" ON "issue_comments" USING gin ("search");--> statement-breakpoint
CREATE INDEX "issue_files_issue_idx" ON "issue_files" USING btree ("issue_id","created_at","id");--> statement-breakpoint
CREATE INDEX "issue_history_issue_idx" ON "issue_history" USING btree ("issue_id","changed_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_sessions_pk" ON "issue_sessions" USING btree ("issue_id","session_id");--> statement-breakpoint
CREATE INDEX "issues_list_idx" ON "issues" USING btree ("created_at","id","closed_at") WHERE "issues"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "issues_status_priority_idx" ON "issues" USING btree ("status","priority","created_at","id") WHERE "issues"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "issues_status_idx" ON "issues" USING btree ("status","priority") WHERE "issues"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "issues_closed_idx" ON "issues" USING btree ("closed_at","created_at","status") WHERE "issues"."deleted_at" IS NULL AND "issues"."closed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "issues_live_idx" ON "issues" USING btree ("id") WHERE "issues"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "issues_system_idx" ON "issues" USING btree ("system_id","created_at","id") WHERE "issues"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "issues_search_idx" ON "issues" USING gin ("search");--> statement-breakpoint
CREATE INDEX "issues_tags_idx" ON "issues" USING gin ("tags");