import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./commerce/db/schema.ts",
  out: "./commerce/db/migrations",
});
