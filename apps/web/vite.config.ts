import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias, type Plugin } from 'vite';

// react-router's package exports always point at its development build (remix-run/react-router#14102),
// which ships dev warnings and a "Hey developer" note on the error screen. Builds use the production one.
// Falls back to the package's own choice if a later release moves these files.
function reactRouterAlias(): Alias[] {
  const developmentEntry = createRequire(import.meta.url).resolve('react-router');
  const productionEntry = developmentEntry.replace(
    /([\\/])development([\\/])index\.m?js$/,
    '$1production$2index.mjs',
  );
  // react-router/dom (RouterProvider with flushSync) shares the production entry's chunks: one copy.
  const productionDom = productionEntry.replace(/index\.mjs$/, 'dom-export.mjs');
  if (productionEntry === developmentEntry || !existsSync(productionEntry)) return [];
  if (!existsSync(productionDom)) return [{ find: /^react-router$/, replacement: productionEntry }];
  return [
    { find: /^react-router$/, replacement: productionEntry },
    { find: /^react-router\/dom$/, replacement: productionDom },
  ];
}

// React Router's production build sets `displayName` on its components and contexts at the top level
// and does not mark its `forwardRef`/`createContext`/`memo` calls pure, so the bundler keeps every one of
// them, used or not (<Form>, useSubmit and the form-submission helpers: about 1.3 KB gzip of the home
// page's JavaScript). Marked pure and without the names (React DevTools labels only), unused ones go.
const treeShakeReactRouter: Plugin = {
  name: 'stellar:tree-shake-react-router',
  apply: 'build',
  transform: {
    filter: { id: /react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
    handler(code) {
      const shakable = code
        .replace(
          /^(var \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm,
          '$1/* @__PURE__ */ $2',
        )
        .replace(/^\w+\.displayName = "\w+";$/gm, '');
      return shakable === code ? null : { code: shakable, map: null };
    },
  },
};

// `@/x` is apps/web/src/x (apps/web/tsconfig.json and the root vitest.config.ts say the same).
const webSourceAlias: Alias = {
  find: /^@\//,
  replacement: fileURLToPath(new URL('./src/', import.meta.url)),
};

const api = { target: 'http://localhost:5000', changeOrigin: false, ws: true };

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), treeShakeReactRouter],
  resolve: {
    alias: [webSourceAlias, ...(command === 'build' ? reactRouterAlias() : [])],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: the size check (e2e/bundle-size.spec.ts) walks the home page's chunks.
    manifest: true,
    // Every browser the site supports has modulepreload: no polyfill in the home page's JavaScript.
    modulePreload: { polyfill: false },
    // Everything a first visit loads in one chunk: the modules the entry imports statically would
    // otherwise be split into several small chunks shared with the lazy routes, which all load on every
    // page anyway and gzip worse apart (about 3 KB more for the home page).
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: 'entry', tags: ['$initial'] }] } } },
  },
  // The server imports the SSR bundle (dist-ssr/pages.js) to render product pages. Left external,
  // lucide-react loads every icon's module (about 320 ms of the bundle's 420 ms import) and
  // TanStack Query its many files: bundled, only what the pages use is in it.
  ssr: { noExternal: ['lucide-react', '@tanstack/react-query', '@tanstack/query-core'] },
  server: {
    proxy: { '/api': api },
  },
  preview: {
    proxy: { '/api': api },
  },
}));
