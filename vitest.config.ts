import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "commerce/**/*.test.ts", "server/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
    env: { SESSION_SECRET: "unit-test-session-secret-0123456789" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
