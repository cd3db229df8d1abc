import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias } from 'vite';

// react-router's package exports always point at its development build (remix-run/react-router#14102),
// which ships dev warnings and a "Hey developer" note on the error screen. Builds use the production one.
// Falls back to the package's own choice if a later release moves these files.
function reactRouterAlias(): Alias[] {
  const developmentEntry = createRequire(import.meta.url).resolve('react-router');
  const productionEntry = developmentEntry.replace(
    /([\\/])development([\\/])index\.m?js$/,
    '$1production$2index.mjs',
  );
  if (productionEntry === developmentEntry || !existsSync(productionEntry)) return [];
  return [{ find: /^react-router$/, replacement: productionEntry }];
}

// `@/x` is apps/web/src/x (apps/web/tsconfig.json and the root vitest.config.ts say the same).
const webSourceAlias: Alias = {
  find: /^@\//,
  replacement: fileURLToPath(new URL('./src/', import.meta.url)),
};

const api = { target: 'http://localhost:5000', changeOrigin: false, ws: true };

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
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
  },
  server: {
    proxy: { '/api': api },
  },
  preview: {
    proxy: { '/api': api },
  },
}));
