/* eslint-disable @typescript-eslint/no-unused-vars -- the overridable methods keep ApplicationV2's signatures */
import { currentClient } from "./globals";
import type { Client } from "./client";
import { deepClone, mergeObject, type Data } from "./utils";

type ActionHandler = (this: ApplicationV2, event: Event, target: HTMLElement) => unknown;

interface AppOptions extends Data {
  id?: string;
  classes?: string[];
  tag?: string;
  window?: { title?: string };
  actions?: Record<string, ActionHandler>;
}

/**
 * A minimal ApplicationV2 so module classes that extend `HandlebarsApplicationMixin(ApplicationV2)` load and
 * render: static DEFAULT_OPTIONS merged down the class chain, `_prepareContext`, PARTS rendered with the
 * harness templates, `data-action` clicks routed to `options.actions`, `render`/`close`, and a
 * `render<ClassName>` hook. Rendered apps are listed in `client.apps`.
 */
export class ApplicationV2 {
  static DEFAULT_OPTIONS: AppOptions = {};

  readonly options: AppOptions;
  element: HTMLElement | null = null;
  rendered = false;
  private client: Client | null = null;

  constructor(options: AppOptions = {}) {
    const chain: AppOptions[] = [];
    let ctor = this.constructor as typeof ApplicationV2 | null;
    while (ctor && (ctor as unknown) !== Object && (ctor as unknown) !== Function.prototype) {
      if (Object.prototype.hasOwnProperty.call(ctor, "DEFAULT_OPTIONS")) chain.unshift(ctor.DEFAULT_OPTIONS);
      ctor = Object.getPrototypeOf(ctor) as typeof ApplicationV2 | null;
    }
    const merged: AppOptions = {};
    for (const o of chain) mergeObject(merged, deepClone(o));
    this.options = mergeObject(merged, deepClone(options));
  }

  get id(): string {
    return this.options.id ?? this.constructor.name;
  }

  get title(): string {
    return this.options.window?.title ?? "";
  }

  async _prepareContext(_options: Data): Promise<Data> {
    await Promise.resolve();
    return {};
  }

  async _renderHTML(_context: Data, _options: Data): Promise<unknown> {
    await Promise.resolve();
    return "";
  }

  _replaceHTML(result: unknown, content: HTMLElement, _options: Data): void {
    if (typeof result === "string") content.innerHTML = result;
    else if (result && typeof result === "object") {
      content.innerHTML = "";
      for (const part of Object.values(result as Record<string, string>)) content.insertAdjacentHTML("beforeend", part);
    }
  }

  async _onRender(_context: Data, _options: Data): Promise<void> {
    await Promise.resolve();
  }

  async render(options: Data | boolean = {}): Promise<this> {
    const client = currentClient("ApplicationV2#render");
    this.client = client;
    const opts = typeof options === "boolean" ? { force: options } : options;
    const context = await this._prepareContext(opts);
    const result = await this._renderHTML(context, opts);
    if (!this.element) {
      const doc = globalThis.document as Document | undefined;
      if (!doc) throw new Error("Rendering an application needs a DOM (happy-dom).");
      this.element = doc.createElement(this.options.tag ?? "div");
      this.element.id = this.id;
      this.element.className = ["application", ...(this.options.classes ?? [])].join(" ");
      this.element.addEventListener("click", (event) => {
        this.onClick(event);
      });
      client.container().appendChild(this.element);
    }
    this._replaceHTML(result, this.element, opts);
    this.rendered = true;
    if (!client.apps.includes(this)) client.apps.push(this);
    await this._onRender(context, opts);
    client.hooks.callAll(`render${this.constructor.name}`, this, this.element, context, opts);
    return this;
  }

  private onClick(event: Event): void {
    const target = (event.target as HTMLElement | null)?.closest("[data-action]") as HTMLElement | null;
    const action = target?.dataset.action;
    const handler = action ? this.options.actions?.[action] : undefined;
    if (!target || !handler) return;
    const client = this.client;
    const run = () => handler.call(this, event, target);
    const result = client ? client.run(run) : run();
    if (result instanceof Promise && client) client.world.track(result, `${this.constructor.name} action "${action}"`);
  }

  async close(_options: Data = {}): Promise<this> {
    await Promise.resolve();
    this.element?.remove();
    this.element = null;
    this.rendered = false;
    if (this.client) this.client.apps = this.client.apps.filter((a) => a !== this);
    return this;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a TypeScript mixin needs any[] constructor arguments
type AppClass = abstract new (...args: any[]) => ApplicationV2;

/** HandlebarsApplicationMixin: renders each of `static PARTS` ({template}) with the harness templates. */
export function HandlebarsApplicationMixin<T extends AppClass>(Base: T) {
  abstract class HandlebarsApplication extends Base {
    static PARTS: Record<string, { template: string }> = {};

    override async _renderHTML(context: Data, _options: Data): Promise<unknown> {
      const client = currentClient("HandlebarsApplication#render");
      const parts = (this.constructor as unknown as { PARTS: Record<string, { template: string }> }).PARTS;
      const out: Record<string, string> = {};
      await Promise.resolve();
      for (const [id, part] of Object.entries(parts)) out[id] = client.world.templates.render(part.template, context);
      return out;
    }
  }
  return HandlebarsApplication;
}
