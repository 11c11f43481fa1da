import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.FITCOACH_API ?? 'http://localhost:3000';

/*
 * MediaPipe Pose (exercise video analysis) loads its script, WebAssembly, packed assets and
 * model at run time from a base URL; the npm package ships them all, so the app serves them
 * itself and nothing is fetched from a CDN. They sit under /assets/ (cached for a year by the
 * server) in a folder named by the package's version, so an upgrade is a new URL.
 * The heavy model (27 MB, modelComplexity 2) is left out: the app never asks for it.
 */
const poseDir = path.dirname(
  createRequire(import.meta.url).resolve('@mediapipe/pose/package.json'),
);
const poseVersion = (
  JSON.parse(readFileSync(path.join(poseDir, 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
const POSE_BASE = `/assets/mediapipe-pose/${poseVersion}/`;
const poseFiles = readdirSync(poseDir).filter(
  (file) => /\.(js|wasm|data|tflite|binarypb)$/.test(file) && file !== 'pose_landmark_heavy.tflite',
);
const POSE_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
};

function mediapipePoseAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fitcoach:mediapipe-pose-assets',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split('?')[0] ?? '';
        if (!url.startsWith(POSE_BASE)) return next();
        const file = url.slice(POSE_BASE.length);
        if (!poseFiles.includes(file)) return next();
        res.setHeader('content-type', POSE_TYPES[path.extname(file)] ?? 'application/octet-stream');
        createReadStream(path.join(poseDir, file)).pipe(res);
      });
    },
    async writeBundle() {
      const target = path.join(outDir, POSE_BASE);
      await mkdir(target, { recursive: true });
      await Promise.all(
        poseFiles.map((file) => copyFile(path.join(poseDir, file), path.join(target, file))),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), mediapipePoseAssets()],
  define: {
    __MEDIAPIPE_POSE_BASE__: JSON.stringify(POSE_BASE),
  },
  server: {
    port: 5173,
    // `npm run dev`: the API, health check and realtime go to the Fastify server.
    proxy: {
      '/api': apiTarget,
      '/health': apiTarget,
      '/rails': apiTarget,
      '/cable': { target: apiTarget, ws: true },
    },
  },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
});
