import Handlebars from "handlebars";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { currentClient } from "./globals";
import { escapeHTML, str, type Data } from "./utils";

const MODULE_PREFIX = "modules/d20-spell-saves/";

type HelperOptions = Handlebars.HelperOptions;

function isHelperOptions(value: unknown): value is HelperOptions {
  return typeof value === "object" && value !== null && "hash" in value && "data" in value;
}

/** Drop Handlebars' trailing options argument. */
function args(list: unknown[]): unknown[] {
  return isHelperOptions(list[list.length - 1]) ? list.slice(0, -1) : list;
}

/**
 * Templates: `foundry.applications.handlebars.renderTemplate(path, data)` and `loadTemplates(paths)` over
 * the project's files ("modules/d20-spell-saves/templates/card.hbs" → templates/card.hbs), compiled with the
 * `handlebars` package and the common Foundry helpers (localize, eq, ne, lt, gt, and, or, not, ifThen,
 * concat, json, checked, disabled, selectOptions, numberFormat, object). Loaded templates are also partials
 * named by their path, as in Foundry.
 */
export class Templates {
  readonly hbs: typeof Handlebars = Handlebars.create();
  private readonly cache = new Map<string, Handlebars.TemplateDelegate>();
  readonly rendered: { path: string; data: unknown }[] = [];

  constructor(private readonly root: string) {
    this.registerHelpers();
  }

  resolve(path: string): string {
    let rel = path.replace(/^\/+/, "");
    if (rel.startsWith(MODULE_PREFIX)) rel = rel.slice(MODULE_PREFIX.length);
    else if (/^(systems|modules)\//.test(rel)) throw new Error(`Template ${path} is not one of this module's files.`);
    const file = join(this.root, rel);
    if (!existsSync(file)) throw new Error(`Template file ${path} (${file}) does not exist.`);
    return file;
  }

  compile(path: string): Handlebars.TemplateDelegate {
    let template = this.cache.get(path);
    if (!template) {
      template = this.hbs.compile(readFileSync(this.resolve(path), "utf8"));
      this.cache.set(path, template);
    }
    return template;
  }

  render(path: string, data: unknown): string {
    this.rendered.push({ path, data });
    return this.compile(path)(data, { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true });
  }

  load(paths: string[] | Record<string, string>): void {
    const entries = Array.isArray(paths) ? paths.map((p) => [p, p] as const) : Object.entries(paths);
    for (const [name, path] of entries) {
      const template = this.compile(path);
      this.hbs.registerPartial(name, template);
      if (name !== path) this.hbs.registerPartial(path, template);
    }
  }

  private registerHelpers(): void {
    const h = this.hbs;
    h.registerHelper("localize", (key: unknown, options: HelperOptions) => {
      const i18n = currentClient("The localize helper").game.i18n;
      const hash = (options as HelperOptions | undefined)?.hash as Data | undefined;
      return hash && Object.keys(hash).length ? i18n.format(String(key), hash) : i18n.localize(String(key));
    });
    h.registerHelper("eq", (...a: unknown[]) => args(a)[0] === args(a)[1]);
    h.registerHelper("ne", (...a: unknown[]) => args(a)[0] !== args(a)[1]);
    h.registerHelper("lt", (...a: unknown[]) => Number(args(a)[0]) < Number(args(a)[1]));
    h.registerHelper("gt", (...a: unknown[]) => Number(args(a)[0]) > Number(args(a)[1]));
    h.registerHelper("lte", (...a: unknown[]) => Number(args(a)[0]) <= Number(args(a)[1]));
    h.registerHelper("gte", (...a: unknown[]) => Number(args(a)[0]) >= Number(args(a)[1]));
    h.registerHelper("and", (...a: unknown[]) => args(a).every(Boolean));
    h.registerHelper("or", (...a: unknown[]) => args(a).some(Boolean));
    h.registerHelper("not", (value: unknown) => !value);
    h.registerHelper("ifThen", (cond: unknown, a: unknown, b: unknown) => (cond ? a : b));
    h.registerHelper("concat", (...a: unknown[]) => args(a).map(String).join(""));
    h.registerHelper("json", (value: unknown) => JSON.stringify(value));
    h.registerHelper("checked", (value: unknown) => (value ? "checked" : ""));
    h.registerHelper("disabled", (value: unknown) => (value ? "disabled" : ""));
    h.registerHelper("numberFormat", (value: unknown, options: HelperOptions) => {
      const hash = options.hash as { decimals?: number; sign?: boolean };
      const n = Number(value);
      const text = n.toFixed(hash.decimals ?? 0);
      return hash.sign && n >= 0 ? `+${text}` : text;
    });
    h.registerHelper("object", (options: HelperOptions) => ({ ...(options.hash as Data) }));
    h.registerHelper("selectOptions", (choices: unknown, options: HelperOptions) => {
      const hash = options.hash as { selected?: unknown; localize?: boolean };
      const i18n = currentClient("The selectOptions helper").game.i18n;
      const entries = Array.isArray(choices)
        ? choices.map((c: unknown) => [String(c), String(c)] as const)
        : Object.entries((choices ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)] as const);
      const html = entries
        .map(([value, label]) => {
          const text = hash.localize ? i18n.localize(label) : label;
          const selected = str(hash.selected) === value ? " selected" : "";
          return `<option value="${escapeHTML(value)}"${selected}>${escapeHTML(text)}</option>`;
        })
        .join("");
      return new h.SafeString(html);
    });
  }
}

export async function renderTemplate(path: string, data: unknown = {}): Promise<string> {
  const client = currentClient("renderTemplate");
  await Promise.resolve();
  return client.world.templates.render(path, data);
}

export async function loadTemplates(paths: string[] | Record<string, string>): Promise<void> {
  const client = currentClient("loadTemplates");
  await Promise.resolve();
  client.world.templates.load(paths);
}
