import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// The web app's `@/` alias (apps/web/vite.config.ts and apps/web/tsconfig.json say the same).
const webSourceAlias = {
  find: /^@\//,
  replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)),
};

const serverProject = (name: string, driver: 'pglite' | 'postgres') => ({
  test: {
    name,
    environment: 'node',
    include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    env: { STELLAR_TEST_DB: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// The server suite runs on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', environment: 'node', include: ['packages/**/*.test.ts'] } },
      // Repository tooling: the lint boundaries test runs ESLint's Node API.
      {
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          // The first lint loads TypeScript and parses the imported modules: seconds on a busy machine.
          testTimeout: 60_000,
        },
      },
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'postgres')] : []),
      {
        resolve: { alias: [webSourceAlias] },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
