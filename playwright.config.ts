import { defineConfig, devices } from '@playwright/test';

// Drives the real built app (scripts/e2e-server.mjs: port 5055, fresh temporary DATA_DIR)
// in Debian's Chromium; Playwright never downloads a browser here. E2E_PORT (and E2E_WEB_DIST, a
// separately built copy of the app) let several runs share one machine.
const port = Number(process.env.E2E_PORT ?? 5055);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]]
    : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Registers and signs in the few accounts every spec shares, once per run: the e2e server keeps
    // its rate limits (register: 10 per 10 minutes per address; login: 30 per minute).
    { name: 'setup', testMatch: /accounts\.setup\.ts/ },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['setup'],
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
