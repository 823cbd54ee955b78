import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { projects: ['common', 'server', 'web/vitest.config.ts'] },
});
