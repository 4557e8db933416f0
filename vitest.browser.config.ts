import { defineConfig } from "vitest/config";

/** The screenshots of the cards and the prompt in Debian's Chromium (test/browser). */
export default defineConfig({
  test: { include: ["test/browser/**/*.test.ts"], environment: "node" },
});
