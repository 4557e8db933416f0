import { defineConfig } from "vite";
import { moduleFiles } from "./build/moduleFiles.ts";

const ID = "d20-spell-saves";

// Foundry loads `dist/` as the module folder: one ES module with its source map, plus the
// manifest, templates, translations and styles copied beside it (see build/moduleFiles.ts).
export default defineConfig({
  base: `/modules/${ID}/`,
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    target: "es2022",
    // main.js is what Foundry loads; rules.js is the pure rules API on its own, for plain Node and macros.
    lib: {
      entry: { main: "src/main.ts", rules: "src/rules/index.ts" },
      formats: ["es"],
      fileName: (_format, name) => `scripts/${name}.js`,
    },
    rolldownOptions: { output: { chunkFileNames: "scripts/[name]-[hash].js" } },
  },
  plugins: [moduleFiles()],
  // `npm run dev`: open http://localhost:30001 instead of Foundry's own port; the module's files are
  // served from source and everything else goes to the Foundry server running on port 30000.
  server: {
    port: 30001,
    open: false,
    proxy: {
      [`^(?!/modules/${ID}/)`]: "http://localhost:30000/",
      "/socket.io": { target: "ws://localhost:30000", ws: true },
    },
  },
});
