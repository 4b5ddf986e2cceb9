// The one Drizzle schema for both databases (PGlite speaks the same PostgreSQL dialect), one file per
// area under tables/. drizzle-kit reads this list to generate migrations; a new module's tables are
// added here. Ids are UUIDv7 made by the service: time-ordered, so inserts append to the B-tree.
export * from './tables/users.js';
export * from './tables/systems.js';
export * from './tables/metagraph.js';
export * from './tables/metagraph-rejections.js';
export * from './tables/memories.js';
export * from './tables/sessions.js';
export * from './tables/attachments.js';
export * from './tables/annotations.js';
export * from './tables/skills.js';
export * from './tables/issues.js';
export * from './tables/jobs.js';
export * from './tables/documents.js';
export * from './tables/test-runs.js';
export * from './tables/test-run-search.js';
export * from './tables/test-run-semantic.js';
