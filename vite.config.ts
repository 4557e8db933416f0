import { defineConfig } from "vite";
import { moduleFiles } from "./build/moduleFiles";

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
    lib: {
      entry: "src/main.ts",
      formats: ["es"],
      fileName: () => "scripts/main.js",
    },
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
