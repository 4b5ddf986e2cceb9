CREATE TABLE "entities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"system_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"external_id" text,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"artifacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"memory" text DEFAULT '' NOT NULL,
	"memory_updated_at" timestamp with time zone,
	"memory_contributors" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_pending" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "entity_memory_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" text NOT NULL,
	"author" text NOT NULL,
	"restored_from_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metagraph_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"system_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entities_created" uuid[] NOT NULL,
	"entities_updated" uuid[] NOT NULL,
	"entities_deleted" uuid[] NOT NULL,
	"relationships_created" uuid[] NOT NULL,
	"relationships_updated" uuid[] NOT NULL,
	"relationships_deleted" uuid[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relationships" (
	"id" uuid PRIMARY KEY NOT NULL,
	"system_id" uuid NOT NULL,
	"relationship_type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text,
	"external_id" text,
	"source_entity_id" uuid NOT NULL,
	"target_entity_id" uuid NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"artifacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_pending" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_memory_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" text NOT NULL,
	"restored_from_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "systems" ADD COLUMN "metagraph_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_memory_versions" ADD CONSTRAINT "entity_memory_versions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metagraph_changes" ADD CONSTRAINT "metagraph_changes_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationships" ADD CONSTRAINT "relationships_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationships" ADD CONSTRAINT "relationships_source_entity_id_entities_id_fk" FOREIGN KEY ("source_entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationships" ADD CONSTRAINT "relationships_target_entity_id_entities_id_fk" FOREIGN KEY ("target_entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_memory_versions" ADD CONSTRAINT "user_memory_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entities_system_idx" ON "entities" USING btree ("system_id","created_at","id");--> statement-breakpoint
CREATE INDEX "entities_external_idx" ON "entities" USING btree ("system_id","external_id");--> statement-breakpoint
CREATE INDEX "entities_memory_fts_idx" ON "entities" USING gin (to_tsvector('english', "memory"));--> statement-breakpoint
CREATE UNIQUE INDEX "entity_memory_versions_uq" ON "entity_memory_versions" USING btree ("entity_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "metagraph_changes_version_uq" ON "metagraph_changes" USING btree ("system_id","version");--> statement-breakpoint
CREATE INDEX "relationships_system_idx" ON "relationships" USING btree ("system_id","created_at","id");--> statement-breakpoint
CREATE INDEX "relationships_source_idx" ON "relationships" USING btree ("source_entity_id") WHERE NOT "relationships"."is_deleted";--> statement-breakpoint
CREATE INDEX "relationships_target_idx" ON "relationships" USING btree ("target_entity_id") WHERE NOT "relationships"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "user_memory_versions_uq" ON "user_memory_versions" USING btree ("user_id","version");