// Run before every test file (vitest.config.ts setupFiles). Test files share one module graph per
// worker (isolate: false), so a hook registered at a shared module's top level would belong only to
// the first file that imported it; the per-file hooks are registered here instead.
import { afterAll } from 'vitest';
import { runFileCleanups } from './helpers.js';

afterAll(runFileCleanups);
