import { defineConfig, devices } from '@playwright/test';

// Drives the real built app (scripts/e2e-server.mjs: port 5055, fresh temporary DATA_DIR)
// in Debian's Chromium; Playwright never downloads a browser here.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'e2e/artifacts/report' }]]
    : 'list',
  use: {
    baseURL: 'http://127.0.0.1:5055',
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: 'http://127.0.0.1:5055/api/healthz',
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
