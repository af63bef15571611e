import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    // `npm run dev -w apps/web` talks to the API server on :3000.
    proxy: { '/api': 'http://localhost:3000', '/auth': 'http://localhost:3000' },
  },
  // The manifest lets bench/page-weight.mjs follow each route's chunks.
  build: { target: 'es2022', sourcemap: false, manifest: true },
});
