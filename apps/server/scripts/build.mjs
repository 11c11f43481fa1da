// Bundles the server's entry points with esbuild. Workspace packages (TypeScript sources) are
// bundled in; npm dependencies stay external and load from node_modules at run time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
  .filter((name) => !name.startsWith('@fitcoach/'))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'src/server.ts',
    'create-admin': 'src/scripts/create-admin.ts',
    'run-seed': 'src/db/seed/run-seed.ts',
    'run-sql': 'src/db/run-sql.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // Bundled ESM still needs require() for the odd CommonJS dependency.
  banner: {
    js: "import { createRequire as __fitcoachCreateRequire } from 'node:module'; const require = __fitcoachCreateRequire(import.meta.url);",
  },
});
console.log('server built to apps/server/dist');
