import { defineConfig } from "vitest/config";

// The multi-node and fault tests (tests/nodes, decision 0051): real processes on real
// PostgreSQL, one file at a time (they share ports 4195-4199), after `react-router build`.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/nodes/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
