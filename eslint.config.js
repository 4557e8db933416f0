import js from "@eslint/js";
import tseslint from "typescript-eslint";

// APIs that Foundry V13 deprecated: the module must use their V13 replacements.
const deprecatedGlobals = [
  { name: "renderTemplate", message: "Use foundry.applications.handlebars.renderTemplate (V13)." },
  { name: "loadTemplates", message: "Use foundry.applications.handlebars.loadTemplates (V13)." },
  { name: "Dialog", message: "Use foundry.applications.api.DialogV2 (the V1 Dialog is deprecated in V13)." },
  { name: "Application", message: "Use foundry.applications.api.ApplicationV2 (the V1 Application is deprecated in V13)." },
  { name: "FormApplication", message: "Use foundry.applications.api.ApplicationV2 (V1 applications are deprecated in V13)." },
];

const deprecatedHooks = ["renderChatMessage", "renderChatLog"].map((hook) => ({
  selector: `CallExpression[callee.object.name='Hooks'][arguments.0.value='${hook}']`,
  message: `The jQuery hook "${hook}" is deprecated in V13: use "${hook}HTML".`,
}));

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "no-restricted-globals": ["error", ...deprecatedGlobals],
      "no-restricted-properties": [
        "error",
        { object: "globalThis", property: "renderTemplate", message: deprecatedGlobals[0].message },
        { object: "globalThis", property: "loadTemplates", message: deprecatedGlobals[1].message },
        { object: "globalThis", property: "Dialog", message: deprecatedGlobals[2].message },
      ],
      "no-restricted-syntax": ["error", ...deprecatedHooks],
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
    },
  },
  {
    // Foundry's documents are built by Foundry, not by `new`; the types cannot tell.
    rules: { "@typescript-eslint/no-unsafe-class-instance-assignment": "off" },
  },
  {
    // Foundry's runtime data is looser than its types (a user or message may be gone): keep the checks.
    files: ["src/foundry/**/*.ts", "src/main.ts"],
    rules: { "@typescript-eslint/no-unnecessary-condition": "off" },
  },
  {
    // fvtt-types is configured by augmenting its namespaces; hooks may return nothing.
    files: ["src/foundry/foundryConfig.ts"],
    rules: { "@typescript-eslint/no-namespace": "off", "@typescript-eslint/no-invalid-void-type": "off" },
  },
  {
    files: ["**/*.js"],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
