import { defineConfig, devices } from '@playwright/test'
import { e2eDatabaseUrl } from './e2e/database.ts'
import { OUTBOX_TOKEN } from './e2e/outbox.ts'

// E2E_PORT lets two checkouts on one machine run the suite at the same time; salon-setup's own server takes the port two above.
const port = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://127.0.0.1:${port}`

/**
 * Every test runs once, on the desktop, unless its layout matters: tests tagged @layout (header and menus,
 * the phone's booking bar, screenshots, landmarks) run at both sizes, and tests tagged @phone only on the phone.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  // A failed test runs once more, recording a trace of that run (traces cost an eighth of the suite's time when kept
  // for every test); a test that passes only on its second run still fails the run on CI.
  retries: 1,
  failOnFlakyTests: !!process.env.CI,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  use: {
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    trace: { mode: 'on-first-retry', screenshots: false },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      grep: /@layout|@phone/,
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        userAgent: devices['Pixel 7'].userAgent,
      },
    },
    {
      name: 'desktop',
      grepInvert: /@phone/,
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
      },
    },
  ],
  webServer: {
    // The production server as `npm start` runs it, compiled (in a second, so it is never older than its source), on
    // a PostgreSQL database made afresh (e2e/database.ts). The web app must be built first: `npm run test:e2e` runs
    // `npm run build` before this.
    command: `node --import tsx scripts/build-server.ts && node --import tsx e2e/database.ts && rm -rf .e2e-data && DATABASE_URL=${e2eDatabaseUrl()} DATA_DIR=.e2e-data BACKUP_DIR=.e2e-data/backups OUTBOX_TOKEN=${OUTBOX_TOKEN} SIGN_UPS_PER_HOUR=100000 SIGN_INS_PER_HOUR=100000 CODE_REQUESTS_PER_HOUR=100000 PORT=${port} NODE_ENV=production LOG_LEVEL=warn node --enable-source-maps apps/server/dist/main.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
