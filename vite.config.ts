import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { ProxyOptions } from 'vite';

// The web app lives in web/ (Vite root); the API server (npm start) listens on port 3000.
const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const webRoot = fileURLToPath(new URL('./web', import.meta.url));
const apiServer = 'http://localhost:3000';

// Paths the API server answers; everything else is the single-page app.
const serverPaths = ['/graphql', '/api', '/assets', '/public', '/local-checkout'];
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  serverPaths.map((path) => [path, { target: apiServer, changeOrigin: true }]),
);

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  // postcss.config.cjs (Mantine preset and breakpoints) sits at the repository root.
  css: { postcss: repoRoot },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Built files go under /static: /assets/* belongs to the server (skin downloads).
    assetsDir: 'static',
    // Country flags load one by one when shown; inlined, the ~540 flag-icons SVGs would make a 400 kB
    // stylesheet.
    assetsInlineLimit: (file) => (file.includes('/flag-icons/') ? false : undefined),
    rolldownOptions: {
      output: {
        // Libraries every page needs get their own long-cached chunks; the rest splits by route.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            {
              name: 'graphql-client',
              test: /[\\/]node_modules[\\/](urql|@urql[\\/]core|wonka|@0no-co[\\/]graphql\.web)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
