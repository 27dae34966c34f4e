import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SERVER_PORT = process.env.SERVER_PORT ?? '3000';
const serverTarget = `http://127.0.0.1:${SERVER_PORT}`;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts/check-bundle.mjs measure exactly what /index loads.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The shared contracts are pure declarations: importing a constant must not drag zod schemas into /index.
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src/, sideEffects: false }] },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': serverTarget,
      '/uploads': serverTarget,
      '/ws': { target: serverTarget, ws: true },
    },
  },
});
