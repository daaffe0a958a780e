import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { ProxyOptions } from 'vite';
import { graphqlDocumentsPlugin } from './infra/vite/graphql-documents';
import { mantineComponentStylesPlugin } from './infra/vite/mantine-component-styles';
import { preloadFontsPlugin } from './infra/vite/preload-fonts';

// The web app lives in web/ (Vite root); the API server (npm start) listens on port 3000.
const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const webRoot = fileURLToPath(new URL('./web', import.meta.url));
const mantineCore = fileURLToPath(new URL('./node_modules/@mantine/core', import.meta.url));
const generatedGraphql = fileURLToPath(new URL('./web/src/shared/graphql/generated', import.meta.url));
const apiServer = 'http://localhost:3000';

// Paths the API server answers; everything else is the single-page app.
const serverPaths = ['/graphql', '/api', '/assets', '/public', '/local-checkout'];
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  serverPaths.map((path) => [path, { target: apiServer, changeOrigin: true }]),
);

function appModuleHasSideEffects(id: string): boolean {
  if (!id.startsWith(webRoot) || !/\.tsx?$/.test(id)) return true;
  return id.endsWith('/src/app/main.tsx');
}

export default defineConfig({
  root: webRoot,
  plugins: [
    graphqlDocumentsPlugin(generatedGraphql),
    mantineComponentStylesPlugin(path.join(webRoot, 'src'), mantineCore),
    react(),
    // Body text, headings and the logo's wordmark: what the first screen shows.
    preloadFontsPlugin([
      'inter-latin-wght-normal',
      'titillium-web-latin-700-normal',
      'titillium-web-latin-900-normal',
    ]),
  ],
  // postcss.config.cjs (Mantine preset and breakpoints) sits at the repository root.
  css: { postcss: repoRoot },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    // The manifest lists each page's chunks and stylesheets; the size-budget test reads it.
    manifest: true,
    // Every browser the site supports knows <link rel=modulepreload>; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    // Built files go under /static: /assets/* belongs to the server (skin downloads).
    assetsDir: 'static',
    // Country flags load one by one when shown; inlined, the ~540 flag-icons SVGs would make a 400 kB
    // stylesheet.
    assetsInlineLimit: (file) => (file.includes('/flag-icons/') ? false : undefined),
    rolldownOptions: {
      // The app's own modules run nothing when imported (only main.tsx does), so a page that imports
      // one piece of a folder's index.ts does not pull the folder's other pieces into its chunks.
      treeshake: { moduleSideEffects: appModuleHasSideEffects },
      output: {
        // Hashes alone: chunk and stylesheet names are repeated in every import and in the entry's
        // preload lists (~2 kB compressed on the home page). Fonts and images keep their names.
        chunkFileNames: 'static/[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.css'))
            ? 'static/[hash][extname]'
            : 'static/[name]-[hash][extname]',
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
            // The rest of what index.html loads in one file, not a dozen small ones (each request and
            // each separately compressed file costs).
            { name: 'shell', tags: ['$initial'], priority: 5 },
          ],
        },
      },
    },
  },
});
