import type { Client } from "./client";
import { currentClient } from "./globals";
import { cleanHTML, escapeHTML, type Data } from "./utils";

export type DialogCallback = (event: Event, button: HTMLButtonElement, dialog: DialogV2) => unknown;

export interface DialogButton {
  action: string;
  label?: string;
  icon?: string;
  class?: string;
  default?: boolean;
  callback?: DialogCallback;
}

export interface DialogConfig {
  window?: { title?: string; icon?: string };
  title?: string;
  content?: string | HTMLElement;
  buttons?: DialogButton[];
  rejectClose?: boolean;
  modal?: boolean;
  close?: (event: Event, dialog: DialogV2) => unknown;
  render?: (event: Event, dialog: DialogV2) => unknown;
  submit?: (result: unknown, dialog: DialogV2) => unknown;
  yes?: Partial<DialogButton>;
  no?: Partial<DialogButton>;
  ok?: Partial<DialogButton>;
  defaultYes?: boolean;
  [key: string]: unknown;
}

/** "system" dialogs are the game systems' own roll dialogs, emulated by systemRolls.ts. */
export type DialogKind = "wait" | "confirm" | "prompt" | "input" | "app" | "system";

/** How a scripted user answers: a button action, an action with form values, or closing the dialog. */
export type DialogAnswer = string | { action: string; values?: Data } | { close: true } | null | undefined;
export type DialogAnswerer = (dialog: OpenDialog) => DialogAnswer | Promise<DialogAnswer>;

let nextDialogId = 1;

function makeEvent(type: string): Event {
  const Ctor = typeof PointerEvent === "undefined" ? Event : PointerEvent;
  return new Ctor(type, { bubbles: true, cancelable: true });
}

/**
 * A dialog open on one client, recorded for assertions (kind, title, content, buttons) and answered by
 * `press(action, values)` or `close()`, from a test or from the scripted answerer of its user.
 */
export class OpenDialog {
  readonly id = nextDialogId++;
  status: "pending" | "answered" | "closed" = "pending";
  result: unknown;
  error: unknown;
  readonly promise: Promise<unknown>;
  private element: HTMLFormElement | null = null;
  private resolve!: (value: unknown) => void;
  private reject!: (error: unknown) => void;
  private fallbackValues: Data = {};

  constructor(
    readonly client: Client,
    readonly kind: DialogKind,
    readonly config: DialogConfig,
    readonly buttons: DialogButton[],
    readonly app: DialogV2,
  ) {
    this.promise = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // A dialog nobody awaits must not raise an unhandled rejection when it is closed.
    this.promise.catch(() => undefined);
  }

  get title(): string {
    const raw = this.config.window?.title ?? this.config.title ?? "";
    return raw ? this.client.game.i18n.localize(raw) : "";
  }

  get content(): string {
    const c = this.config.content;
    if (c === undefined) return "";
    return typeof c === "string" ? cleanHTML(c) : c.outerHTML;
  }

  /** Button actions with their (localized) labels. */
  get buttonList(): { action: string; label: string; default: boolean }[] {
    return this.buttons.map((b) => ({
      action: b.action,
      label: b.label ? this.client.game.i18n.localize(b.label) : b.action,
      default: Boolean(b.default),
    }));
  }

  /** The dialog's form (needs a DOM): content then a footer of buttons. */
  form(): HTMLFormElement | null {
    if (this.element) return this.element;
    const doc = globalThis.document as Document | undefined;
    if (!doc) return null;
    const form = doc.createElement("form");
    form.className = "dialog-form standard-form";
    form.dataset.dialogId = String(this.id);
    const buttons = this.buttonList
      .map((b) => `<button type="submit" data-action="${escapeHTML(b.action)}"${b.default ? " autofocus" : ""}>${escapeHTML(b.label)}</button>`)
      .join("");
    form.innerHTML = `<div class="dialog-content">${this.content}</div><footer class="form-footer">${buttons}</footer>`;
    this.client.container().appendChild(form);
    this.element = form;
    return form;
  }

  /** Current values of the form fields, like FormDataExtended#object (flat keys). */
  values(): Data {
    const form = this.form();
    if (!form) return { ...this.fallbackValues };
    const out: Data = {};
    for (const el of Array.from(form.querySelectorAll("input[name], select[name], textarea[name]"))) {
      const field = el as HTMLInputElement;
      if (field.disabled) continue;
      const name = field.name;
      if (field.type === "checkbox") out[name] = field.checked;
      else if (field.type === "radio") {
        if (field.checked) out[name] = field.value;
      } else if (field.type === "number" || field.type === "range") out[name] = field.value === "" ? null : Number(field.value);
      else out[name] = field.value;
    }
    return out;
  }

  private fill(values: Data): void {
    const form = this.form();
    if (!form) {
      this.fallbackValues = { ...this.fallbackValues, ...values };
      return;
    }
    for (const [name, value] of Object.entries(values)) {
      const fields = Array.from(form.querySelectorAll<HTMLInputElement>(`[name="${name}"]`));
      if (!fields.length) throw new Error(`Dialog "${this.title}" has no field named "${name}".`);
      for (const field of fields) {
        if (field.type === "checkbox") field.checked = Boolean(value);
        else if (field.type === "radio") field.checked = field.value === String(value);
        else field.value = String(value);
      }
    }
  }

  private buttonElement(action: string): HTMLButtonElement {
    const form = this.form();
    const el = form?.querySelector(`button[data-action="${action}"]`);
    if (el) return el as HTMLButtonElement;
    const values = this.fallbackValues;
    const elements: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values)) {
      elements[name] = { name, value: String(value), valueAsNumber: Number(value), checked: Boolean(value) };
    }
    return { dataset: { action }, form: { elements } } as unknown as HTMLButtonElement;
  }

  /** Press a button (after filling form fields): its callback's result, else its action, resolves the dialog. */
  async press(action: string, values: Data = {}): Promise<unknown> {
    if (this.status !== "pending") throw new Error(`Dialog "${this.title}" is already ${this.status}.`);
    const button = this.buttons.find((b) => b.action === action);
    if (!button) throw new Error(`Dialog "${this.title}" has no button "${action}" (has: ${this.buttons.map((b) => b.action).join(", ")}).`);
    const world = this.client.world;
    world.touch();
    return this.client.run(async () => {
      this.fill(values);
      const el = this.buttonElement(action);
      this.status = "answered";
      try {
        const result = button.callback ? await button.callback(makeEvent("click"), el, this.app) : action;
        this.result = result;
        await this.config.submit?.(result, this.app);
        this.resolve(result);
        return result;
      } catch (error) {
        this.error = error;
        this.reject(error);
        throw error;
      } finally {
        this.element?.remove();
        world.touch();
      }
    });
  }

  /** Close without pressing a button: null, or a rejection with `rejectClose: true`. */
  close(): void {
    if (this.status !== "pending") return;
    this.status = "closed";
    this.client.run(() => this.config.close?.(makeEvent("close"), this.app));
    this.element?.remove();
    if (this.config.rejectClose) this.reject(new Error("Dialog was dismissed without pressing a button."));
    else this.resolve(null);
    this.client.world.touch();
  }
}

/** Open a dialog on a client: record it, call its render callback, and offer it to the scripted answerer. */
export function openDialog(client: Client, kind: DialogKind, config: DialogConfig, buttons: DialogButton[], app: DialogV2): OpenDialog {
  const dialog = new OpenDialog(client, kind, config, buttons, app);
  client.dialogs.push(dialog);
  client.world.touch();
  app.element = dialog.form();
  try {
    config.render?.(makeEvent("render"), app);
  } catch (error) {
    client.world.reportError(`dialog "${dialog.title}" render`, error);
  }
  client.offerDialog(dialog);
  return dialog;
}

function withDefaults(base: DialogButton, override: Partial<DialogButton> | undefined): DialogButton {
  return { ...base, ...(override ?? {}) };
}

/**
 * `foundry.applications.api.DialogV2`: the static `wait/confirm/prompt/input/query` and a minimal instance
 * (`new DialogV2(config).render()` → `config.submit(result)`). On dismissal the statics resolve null
 * (V13 default `rejectClose: false`) or reject with `rejectClose: true`.
 */
export class DialogV2 {
  options: DialogConfig;
  element: HTMLElement | null = null;
  rendered = false;
  private open: OpenDialog | null = null;

  constructor(config: DialogConfig = {}) {
    this.options = config;
  }

  get title(): string {
    return this.options.window?.title ?? this.options.title ?? "";
  }

  render(): Promise<this> {
    const client = currentClient("DialogV2#render");
    this.open = openDialog(client, "app", this.options, this.options.buttons ?? [], this);
    this.rendered = true;
    return Promise.resolve(this);
  }

  close(): Promise<this> {
    this.open?.close();
    this.rendered = false;
    return Promise.resolve(this);
  }

  static wait(config: DialogConfig): Promise<unknown> {
    const client = currentClient("DialogV2.wait");
    return openDialog(client, "wait", config, config.buttons ?? [], new DialogV2(config)).promise;
  }

  static confirm(config: DialogConfig = {}): Promise<unknown> {
    const client = currentClient("DialogV2.confirm");
    const buttons = [
      withDefaults({ action: "yes", label: "Yes", default: config.defaultYes ?? true, callback: () => true }, config.yes),
      withDefaults({ action: "no", label: "No", default: config.defaultYes === false, callback: () => false }, config.no),
    ];
    return openDialog(client, "confirm", config, buttons, new DialogV2(config)).promise;
  }

  static prompt(config: DialogConfig = {}): Promise<unknown> {
    const client = currentClient("DialogV2.prompt");
    const buttons = [withDefaults({ action: "ok", label: "Confirm", default: true }, config.ok)];
    return openDialog(client, "prompt", config, buttons, new DialogV2(config)).promise;
  }

  static input(config: DialogConfig = {}): Promise<unknown> {
    const client = currentClient("DialogV2.input");
    let dialog: OpenDialog | null = null;
    const buttons = [
      withDefaults(
        {
          action: "ok",
          label: "Confirm",
          default: true,
          callback: () => dialog?.values() ?? {},
        },
        config.ok,
      ),
    ];
    dialog = openDialog(client, "input", config, buttons, new DialogV2(config));
    return dialog.promise;
  }

  /**
   * Show a dialog on another user's client (the core "dialog" query). The config crosses the network, so
   * callbacks are lost: `wait` yields the pressed button's action, `input` the form data.
   */
  static query(user: { id: string } | string, type: "wait" | "confirm" | "prompt" | "input", config: DialogConfig = {}, options: { timeout?: number } = {}): Promise<unknown> {
    const client = currentClient("DialogV2.query");
    const id = typeof user === "string" ? user : user.id;
    const target = client.game.users.get(id);
    if (!target) return Promise.reject(new Error(`User [${id}] does not exist`));
    return target.query("dialog", { type, config }, options);
  }
}

/** The core query behind DialogV2.query, registered in every client's CONFIG.queries. */
export function dialogQuery(data: unknown): Promise<unknown> {
  const { type, config } = data as { type: "wait" | "confirm" | "prompt" | "input"; config: DialogConfig };
  return DialogV2[type](config);
}
