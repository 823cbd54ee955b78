import { defineConfig } from 'vitest/config';

// global-setup.ts migrates one database per project and run; each test file's database is a copy.
// isolate: false lets a worker keep the server's modules between files: importing the app took
// about 40 % of the run when every file loaded it again. Files share no state but modules
// (each makes its own database, app and clock), and a file that fakes Date restores it after.
const serverTests = {
  root: './server',
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  globalSetup: ['./test/global-setup.ts'],
};

// DB tests (*.db.test.ts) run on PGlite always, and a second time on PostgreSQL when
// TEST_DATABASE_URL is set (CI exports it when its server answers).
const postgresProject = process.env.TEST_DATABASE_URL
  ? [
      {
        test: {
          ...serverTests,
          name: 'server-postgres',
          include: ['src/**/*.db.test.ts'],
          env: { FIRSTDAY_TEST_DB: 'postgres' },
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    // One more worker than the 2 cores of our machines: PostgreSQL test files spend much of their
    // time waiting for the server, so a third file keeps the cores busy (CI's unit phase 365 s →
    // 222 s; a fourth worker gained 12 s more and made timing-sensitive tests flakier).
    maxWorkers: 3,
    projects: [
      { test: { name: 'common', root: './common', include: ['src/**/*.test.ts'] } },
      { test: { ...serverTests, name: 'server', include: ['src/**/*.test.ts'], env: { FIRSTDAY_TEST_DB: 'pglite' } } },
      ...postgresProject,
      './web/vitest.config.ts',
    ],
  },
});
