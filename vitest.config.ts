import { defineConfig } from 'vitest/config';

// global-setup.ts migrates one database per project and run; each test file's database is a copy.
const serverTests = {
  root: './server',
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
    projects: [
      { test: { name: 'common', root: './common', include: ['src/**/*.test.ts'] } },
      { test: { ...serverTests, name: 'server', include: ['src/**/*.test.ts'], env: { FIRSTDAY_TEST_DB: 'pglite' } } },
      ...postgresProject,
      './web/vitest.config.ts',
    ],
  },
});
