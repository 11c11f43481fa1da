import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.FITCOACH_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
