// "Builds when needed": compiles src/ to dist/ when dist is missing or older than any source file, so
// `npm start` and `npx hwa` always run the code in the checkout. Build output goes to stderr: stdout
// belongs to the command (`hwa token create` prints the token alone there).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // Test files are not compiled (tsconfig.build.json excludes them); editing one needs no rebuild.
    if (entry.isFile() && entry.name.endsWith('.test.ts')) continue;
    const full = path.join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

export function needsBuild() {
  const src = path.join(root, 'src');
  if (!fs.existsSync(src)) return false; // an installed package ships dist only
  if (!fs.existsSync(stamp)) return true;
  const inputs = Math.max(
    newestMtime(src),
    ...['tsconfig.json', 'tsconfig.build.json', 'package.json'].map(
      (f) => fs.statSync(path.join(root, f)).mtimeMs,
    ),
  );
  return inputs > fs.statSync(stamp).mtimeMs;
}

export function build() {
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  fs.cpSync(path.join(root, 'src', 'db', 'migrations'), path.join(root, 'dist', 'db', 'migrations'), {
    recursive: true,
  });
  // Plain-JavaScript worker files run as they are, from src/ under the tests and from dist/ here.
  fs.copyFileSync(
    path.join(root, 'src', 'analysis', 'embedding-worker.mjs'),
    path.join(root, 'dist', 'analysis', 'embedding-worker.mjs'),
  );
  fs.writeFileSync(stamp, new Date().toISOString());
}

export function ensureBuilt() {
  if (!needsBuild()) return;
  process.stderr.write('hwa: building (src changed since the last build)…\n');
  build();
}
