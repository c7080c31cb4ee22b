import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{server,shared,renderer,pages,test,scripts}/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'node_modules/**', 'dist/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    globalSetup: ['test/global-setup.ts'],
  },
})
