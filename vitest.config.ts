import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // test/browser needs Debian's Chromium: `npm run screenshots` (vitest.browser.config.ts).
    exclude: [...configDefaults.exclude, "test/browser/**"],
    environment: "node",
    benchmark: { include: ["bench/**/*.bench.ts"] },
  },
});
