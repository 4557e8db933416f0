import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { beforeAll, describe, expect, it } from "vitest";
import { TEMPLATES } from "../../src/foundry/templates";

/** Builds the module as `npm run build` does, into a scratch folder, and checks what Foundry would load. */
const out = mkdtempSync(join(tmpdir(), "d20ss-dist-"));
let manifest: Record<string, unknown> & {
  esmodules: string[];
  styles: string[];
  languages: { lang: string; path: string }[];
};

beforeAll(async () => {
  await build({ logLevel: "silent", build: { outDir: out } });
  manifest = JSON.parse(readFileSync(join(out, "module.json"), "utf8")) as typeof manifest;
}, 60_000);

describe("dist/ (the folder Foundry loads)", () => {
  it("has the manifest fields of a V13 module for pf1 and D35E", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
    expect(manifest).toMatchObject({
      id: "d20-spell-saves",
      title: "d20 Spell Saves",
      version: pkg.version,
      compatibility: { minimum: "13", verified: "13" },
      socket: true,
    });
    const systems = (manifest.relationships as { systems: { id: string }[] }).systems.map((s) => s.id);
    expect(systems).toEqual(["pf1", "D35E"]);
    expect(manifest.manifest).toMatch(/\/releases\/latest\/download\/module\.json$/);
    expect(manifest.download).toBe(`${String(manifest.url)}/releases/download/v${pkg.version}/module.zip`);
    expect(manifest.languages.map((l) => l.lang)).toEqual(["en", "fr"]);
  });

  it("holds every file the manifest names, the bundle's source map and the templates the code loads", () => {
    const named = [...manifest.esmodules, ...manifest.styles, ...manifest.languages.map((l) => l.path)];
    for (const file of named) expect(existsSync(join(out, file)), file).toBe(true);
    expect(existsSync(join(out, "scripts/main.js.map"))).toBe(true);
    for (const path of Object.values(TEMPLATES)) {
      expect(existsSync(join(out, path.replace("modules/d20-spell-saves/", ""))), path).toBe(true);
    }
  });

  it("bundles one ES module with no bare imports (Foundry resolves none)", () => {
    const scripts = readdirSync(join(out, "scripts")).filter((f) => f.endsWith(".js"));
    for (const file of scripts) {
      const code = readFileSync(join(out, "scripts", file), "utf8");
      const imports = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1] ?? "");
      expect(imports.every((spec) => spec.startsWith("./")), `${file}: ${imports.join(", ")}`).toBe(true);
    }
  });

  it("serves the rules API to plain Node, with no Foundry globals", () => {
    const script = `
      const rules = await import(${JSON.stringify(join(out, "scripts/rules.js"))});
      const line = rules.parseSaveLine("Réflexes, 1/2 dégâts");
      const dc = rules.spellSaveDC({ spellLevel: 3, abilityScore: 17 });
      console.log(JSON.stringify({ option: line.options[0], dc: dc.dc, half: rules.damageAfterSave({ damage: 21, effect: "half", success: true }), game: typeof game }));
    `;
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(JSON.parse(output)).toEqual({
      option: { save: "ref", effect: "half", harmless: false, object: false },
      dc: 16,
      half: 10,
      game: "undefined",
    });
  });
});
