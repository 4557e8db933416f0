import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";

interface PackageJson {
  version: string;
  repository: { url: string };
}

/** The manifest as Foundry reads it, its version and release links taken from package.json. */
export function buildManifest(root: string): Record<string, unknown> {
  const pkg = JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")) as PackageJson;
  const manifest = JSON.parse(readFileSync(resolve(root, "module.json"), "utf8")) as Record<string, unknown>;
  const project = pkg.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
  return {
    ...manifest,
    version: pkg.version,
    url: project,
    manifest: `${project}/releases/latest/download/module.json`,
    download: `${project}/releases/download/v${pkg.version}/module.zip`,
  };
}

/** Copies what Foundry loads beside the bundle: manifest, templates, translations, styles. */
export function moduleFiles(): Plugin {
  const root = process.cwd();
  return {
    name: "d20-spell-saves:module-files",
    apply: "build",
    writeBundle(options) {
      const out = options.dir ?? resolve(root, "dist");
      writeFileSync(resolve(out, "module.json"), `${JSON.stringify(buildManifest(root), null, 2)}\n`);
      for (const folder of ["templates", "lang", "styles"]) {
        if (existsSync(resolve(root, folder))) cpSync(resolve(root, folder), resolve(out, folder), { recursive: true });
      }
    },
  };
}
