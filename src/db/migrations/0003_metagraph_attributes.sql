ALTER TABLE "entities" ADD COLUMN "attributes" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
ALTER TABLE "relationships" ADD COLUMN "attributes" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
UPDATE "entities" SET "attributes" = COALESCE((SELECT ('[' || string_agg(row_to_json(p)::text, ',' ORDER BY p.key COLLATE "C") || ']')::json FROM jsonb_each_text("properties") p), '[]'::json) WHERE "properties" <> '{}'::jsonb;--> statement-breakpoint
UPDATE "relationships" SET "attributes" = COALESCE((SELECT ('[' || string_agg(row_to_json(p)::text, ',' ORDER BY p.key COLLATE "C") || ']')::json FROM jsonb_each_text("properties") p), '[]'::json) WHERE "properties" <> '{}'::jsonb;
