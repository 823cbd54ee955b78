import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Separate from vite.config.ts: the React Router plugin cannot run under Vitest.
// Tests run in Node; a test that uses the DOM (renders a component, calls renderHook, reads
// window or document) starts with the line `// @vitest-environment jsdom`. Creating jsdom costs
// about half a second per file, so only those files pay for it.
export default defineConfig({
  plugins: [react()],
  test: { name: 'web', environment: 'node', include: ['src/**/*.test.{ts,tsx}'] },
});
