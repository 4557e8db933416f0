import { ChatMessage } from "./documents/chatMessage";
import { currentClient, maybeClient } from "./globals";
import { escapeHTML, getProperty, str, type Data } from "./utils";

/**
 * Dice with FIXED results. Every die result comes from the world's queue (`world.dice.push(20, 1, 15)`);
 * an empty queue throws, so no test ever rolls randomly. Formulas: dice `NdX` (with `kh`/`kl` keep
 * modifiers), numbers, `@data` references, `[flavor]`, the operators + - * / and parentheses.
 */
export class FixedDice {
  private readonly queue: number[] = [];
  /** Every result drawn, with its die size, for assertions. */
  readonly drawn: { faces: number; result: number }[] = [];

  push(...results: number[]): this {
    for (const r of results) {
      if (!Number.isInteger(r) || r < 1) throw new Error(`world.dice.push: ${r} is not a die result`);
    }
    this.queue.push(...results);
    return this;
  }

  get remaining(): number {
    return this.queue.length;
  }

  get pending(): readonly number[] {
    return [...this.queue];
  }

  clear(): void {
    this.queue.length = 0;
  }

  next(faces: number): number {
    const result = this.queue.shift();
    if (result === undefined) {
      throw new Error(
        `Fixed dice exhausted: a d${faces} was rolled with no queued result. Queue the results first with world.dice.push(...).`,
      );
    }
    if (result > faces) throw new Error(`Fixed dice: the queued result ${result} cannot come from a d${faces}.`);
    this.drawn.push({ faces, result });
    return result;
  }
}

let fallbackDice: FixedDice | null = null;

/** The dice used when a roll is evaluated outside any client (the most recently created world's). */
export function setFallbackDice(dice: FixedDice): void {
  fallbackDice = dice;
}

function diceQueue(): FixedDice {
  const dice = maybeClient()?.world.dice ?? fallbackDice;
  if (!dice) throw new Error("No world: create one with createWorld() before rolling.");
  return dice;
}

export interface DieResult {
  result: number;
  active: boolean;
  discarded?: boolean;
}

export abstract class RollTerm {
  options: Data = {};
  evaluated = false;

  abstract get total(): number | undefined;
  abstract get expression(): string;

  get flavor(): string {
    return (this.options.flavor as string | undefined) ?? "";
  }

  get formula(): string {
    return this.flavor ? `${this.expression}[${this.flavor}]` : this.expression;
  }

  evaluate(): this {
    this.evaluated = true;
    return this;
  }

  abstract toJSON(): Data;

  static fromData(data: Data): RollTerm {
    const options = (data.options as Data | undefined) ?? {};
    let term: RollTerm;
    switch (data.class) {
      case "OperatorTerm":
        term = new OperatorTerm({ operator: data.operator as string, options });
        break;
      case "NumericTerm":
        term = new NumericTerm({ number: Number(data.number), options });
        break;
      case "Die":
      case "DiceTerm": {
        const die = new Die({
          number: Number(data.number ?? 1),
          faces: Number(data.faces),
          modifiers: (data.modifiers as string[] | undefined) ?? [],
          options,
        });
        die.results = ((data.results as DieResult[] | undefined) ?? []).map((r) => ({ ...r }));
        term = die;
        break;
      }
      case "ParentheticalTerm": {
        const roll = typeof data.roll === "object" && data.roll !== null ? Roll.fromData(data.roll as Data) : undefined;
        term = new ParentheticalTerm({ terms: roll?.terms ?? parseFormula(str(data.term)), options });
        break;
      }
      default:
        term = new StringTerm({ term: str(data.term ?? data.formula), options });
    }
    term.evaluated = Boolean(data.evaluated);
    return term;
  }
}

export class Die extends RollTerm {
  number: number;
  faces: number;
  modifiers: string[];
  results: DieResult[] = [];

  constructor({ number = 1, faces, modifiers = [], options = {} }: { number?: number; faces: number; modifiers?: string[]; options?: Data }) {
    super();
    this.number = number;
    this.faces = faces;
    this.modifiers = modifiers;
    this.options = options;
  }

  get denomination(): string {
    return `d${this.faces}`;
  }

  get expression(): string {
    return `${this.number}d${this.faces}${this.modifiers.join("")}`;
  }

  get values(): number[] {
    return this.results.filter((r) => r.active).map((r) => r.result);
  }

  get total(): number | undefined {
    if (!this.evaluated) return undefined;
    return this.values.reduce((a, b) => a + b, 0);
  }

  override evaluate(): this {
    const dice = diceQueue();
    this.results = [];
    for (let i = 0; i < this.number; i++) this.results.push({ result: dice.next(this.faces), active: true });
    for (const mod of this.modifiers) this.applyKeep(mod);
    this.evaluated = true;
    return this;
  }

  private applyKeep(mod: string): void {
    const m = /^k([hl])(\d*)$/.exec(mod);
    if (!m) throw new Error(`The harness Roll does not support the dice modifier "${mod}".`);
    const keep = Number(m[2] || 1);
    const sorted = [...this.results].sort((a, b) => (m[1] === "h" ? b.result - a.result : a.result - b.result));
    for (const r of sorted.slice(keep)) {
      r.active = false;
      r.discarded = true;
    }
  }

  toJSON(): Data {
    return {
      class: "Die",
      options: this.options,
      evaluated: this.evaluated,
      number: this.number,
      faces: this.faces,
      modifiers: this.modifiers,
      results: this.results.map((r) => ({ ...r })),
    };
  }
}

export class NumericTerm extends RollTerm {
  number: number;

  constructor({ number, options = {} }: { number: number; options?: Data }) {
    super();
    this.number = number;
    this.options = options;
  }

  get expression(): string {
    return String(this.number);
  }

  get total(): number {
    return this.number;
  }

  toJSON(): Data {
    return { class: "NumericTerm", options: this.options, evaluated: this.evaluated, number: this.number };
  }
}

export class OperatorTerm extends RollTerm {
  operator: string;

  constructor({ operator, options = {} }: { operator: string; options?: Data }) {
    super();
    this.operator = operator;
    this.options = options;
  }

  get expression(): string {
    return ` ${this.operator} `;
  }

  get total(): undefined {
    return undefined;
  }

  toJSON(): Data {
    return { class: "OperatorTerm", options: this.options, evaluated: this.evaluated, operator: this.operator };
  }
}

/**
 * A parenthesised expression, `(-2)` or `(1d4 + 1)`: evaluated on its own, its total counts as one value,
 * and its dice are the roll's dice too (Foundry's ParentheticalTerm).
 */
export class ParentheticalTerm extends RollTerm {
  terms: RollTerm[];

  constructor({ terms, options = {} }: { terms: RollTerm[]; options?: Data }) {
    super();
    this.terms = terms;
    this.options = options;
  }

  /** The inner expression, without the parentheses (Foundry's `term`). */
  get term(): string {
    return this.terms.map((t) => t.formula).join("").replace(/\s+/g, " ").trim();
  }

  get expression(): string {
    return `(${this.term})`;
  }

  get dice(): Die[] {
    return diceOf(this.terms);
  }

  get total(): number | undefined {
    return this.evaluated ? computeTotal(this.terms) : undefined;
  }

  override evaluate(): this {
    for (const term of this.terms) term.evaluate();
    this.evaluated = true;
    return this;
  }

  toJSON(): Data {
    return {
      class: "ParentheticalTerm",
      options: this.options,
      evaluated: this.evaluated,
      term: this.term,
      roll: { class: "Roll", options: {}, dice: [], formula: this.term, terms: this.terms.map((t) => t.toJSON()), total: this.total, evaluated: this.evaluated },
    };
  }
}

/** Every die of some terms, those inside parentheses included, in formula order. */
function diceOf(terms: readonly RollTerm[]): Die[] {
  return terms.flatMap((t) => (t instanceof Die ? [t] : t instanceof ParentheticalTerm ? t.dice : []));
}

/** A term the harness does not evaluate (only met when rebuilding foreign roll JSON). */
export class StringTerm extends RollTerm {
  term: string;

  constructor({ term, options = {} }: { term: string; options?: Data }) {
    super();
    this.term = term;
    this.options = options;
  }

  get expression(): string {
    return this.term;
  }

  get total(): undefined {
    return undefined;
  }

  toJSON(): Data {
    return { class: "StringTerm", options: this.options, evaluated: this.evaluated, term: this.term };
  }
}

const TOKEN = /\s*(?:(\d*)d(\d+)((?:k[hl]\d*)*)|(\d+(?:\.\d+)?)|([+\-*/])|(\())(?:\[([^\]]*)\])?/y;

/** The index just past the parenthesis that closes the one at `open`. */
function closingParenthesis(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i + 1;
  }
  throw new Error(`The harness Roll cannot parse "${text}": a parenthesis is not closed.`);
}

function parseFormula(formula: string): RollTerm[] {
  const terms: RollTerm[] = [];
  let rest = formula.trim();
  while (rest.length) {
    TOKEN.lastIndex = 0;
    const m = TOKEN.exec(rest);
    if (!m || m[0].trim() === "") {
      throw new Error(`The harness Roll cannot parse "${formula}" (supported: NdX, numbers, @data, [flavor], + - * /, parentheses).`);
    }
    if (m[6] !== undefined) {
      const open = m[0].indexOf("(");
      const end = closingParenthesis(rest, open);
      const flavor = /^\[([^\]]*)\]/.exec(rest.slice(end));
      terms.push(new ParentheticalTerm({ terms: parseFormula(rest.slice(open + 1, end - 1)), options: flavor ? { flavor: flavor[1] } : {} }));
      rest = rest.slice(end + (flavor?.[0].length ?? 0)).trim();
      continue;
    }
    const options: Data = m[7] !== undefined ? { flavor: m[7] } : {};
    if (m[2] !== undefined) {
      const mods = m[3] ? (m[3].match(/k[hl]\d*/g) ?? []) : [];
      terms.push(new Die({ number: m[1] ? Number(m[1]) : 1, faces: Number(m[2]), modifiers: mods, options }));
    } else if (m[4] !== undefined) terms.push(new NumericTerm({ number: Number(m[4]), options }));
    else if (m[5] !== undefined) terms.push(new OperatorTerm({ operator: m[5] }));
    rest = rest.slice(m[0].length).trim();
  }
  return terms;
}

/** Evaluate terms with * and / before + and -, and unary minus. */
function computeTotal(terms: RollTerm[]): number {
  const values: number[] = [];
  const ops: string[] = [];
  let sign = 1;
  let expectValue = true;
  for (const term of terms) {
    if (term instanceof OperatorTerm) {
      if (expectValue) {
        if (term.operator === "-") sign = -sign;
        else if (term.operator !== "+") throw new Error(`Roll: unexpected operator "${term.operator}"`);
        continue;
      }
      ops.push(term.operator);
      expectValue = true;
      continue;
    }
    values.push(sign * (term.total ?? 0));
    sign = 1;
    expectValue = false;
  }
  // First pass: * and /.
  const sums: number[] = [values[0] ?? 0];
  const addOps: string[] = [];
  ops.forEach((op, i) => {
    const v = values[i + 1] ?? 0;
    if (op === "*" || op === "/") {
      const last = sums.pop() ?? 0;
      sums.push(op === "*" ? last * v : last / v);
    } else {
      addOps.push(op);
      sums.push(v);
    }
  });
  let total = sums[0] ?? 0;
  addOps.forEach((op, i) => {
    const v = sums[i + 1] ?? 0;
    total = op === "+" ? total + v : total - v;
  });
  return total;
}

type RollClass = new (formula: string, data?: Data, options?: Data) => Roll;
const rollClasses = new Map<string, RollClass>();

export function registerRollClass(name: string, cls: RollClass): void {
  rollClasses.set(name, cls);
}

export class Roll {
  formula: string;
  data: Data;
  options: Data;
  terms: RollTerm[];
  protected _evaluated = false;
  protected _total: number | undefined;

  constructor(formula: string, data: Data = {}, options: Data = {}) {
    this.data = data;
    this.options = options;
    this.terms = parseFormula(Roll.replaceFormulaData(formula, data));
    this.formula = this.terms.map((t) => t.formula).join("").replace(/\s+/g, " ").trim();
  }

  static get implementation(): typeof Roll {
    return Roll;
  }

  static create(formula: string, data: Data = {}, options: Data = {}): Roll {
    return new this(formula, data, options);
  }

  /** Replace @path references with values from data (missing ones with 0). */
  static replaceFormulaData(formula: string, data: Data, { missing = "0" }: { missing?: string } = {}): string {
    return formula.replace(/@([a-zA-Z0-9_.-]+)/g, (_m, path: string) => {
      const value = getProperty(data, path);
      return value === undefined || value === null ? missing : str(value);
    });
  }

  static validate(formula: string): boolean {
    try {
      parseFormula(Roll.replaceFormulaData(formula, {}));
      return true;
    } catch {
      return false;
    }
  }

  get dice(): Die[] {
    return diceOf(this.terms);
  }

  get total(): number | undefined {
    return this._total;
  }

  get evaluated(): boolean {
    return this._evaluated;
  }

  get isDeterministic(): boolean {
    return this.dice.length === 0;
  }

  get result(): string {
    return this.terms
      .map((t) => (t instanceof OperatorTerm ? t.expression : String(t.total ?? t.expression)))
      .join("")
      .replace(/\s+/g, " ")
      .trim();
  }

  /** Async like Foundry's (options such as minimize/maximize/allowInteractive are ignored). */
  evaluate(): Promise<this> {
    try {
      return Promise.resolve(this.evaluateSync());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(str(error)));
    }
  }

  evaluateSync(): this {
    if (this._evaluated) throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    for (const term of this.terms) term.evaluate();
    this._total = computeTotal(this.terms);
    this._evaluated = true;
    return this;
  }

  clone(): Roll {
    const Cls = this.constructor as RollClass;
    return new Cls(this.formula, this.data, this.options);
  }

  toJSON(): Data {
    return {
      class: this.constructor.name,
      options: this.options,
      dice: [],
      formula: this.formula,
      terms: this.terms.map((t) => t.toJSON()),
      total: this._total,
      evaluated: this._evaluated,
    };
  }

  static fromData(data: Data): Roll {
    const Cls = rollClasses.get(String(data.class)) ?? Roll;
    const roll = Object.create(Cls.prototype as object) as Roll;
    roll.formula = str(data.formula);
    roll.data = {};
    roll.options = (data.options as Data | undefined) ?? {};
    roll.terms = ((data.terms as Data[] | undefined) ?? []).map((t) => RollTerm.fromData(t));
    roll._evaluated = Boolean(data.evaluated);
    roll._total = typeof data.total === "number" ? data.total : undefined;
    return roll;
  }

  static fromJSON(json: string): Roll {
    return Roll.fromData(JSON.parse(json) as Data);
  }

  getTooltip(): Promise<string> {
    const parts = this.dice
      .map((d) => `<section class="tooltip-part"><span class="part-formula">${d.expression}</span><span class="part-total">${d.total ?? ""}</span></section>`)
      .join("");
    return Promise.resolve(`<div class="dice-tooltip">${parts}</div>`);
  }

  async render({ flavor, isPrivate = false }: { flavor?: string; isPrivate?: boolean } = {}): Promise<string> {
    if (!this._evaluated) await this.evaluate();
    const total = isPrivate ? "?" : String(this._total);
    const formula = isPrivate ? "???" : escapeHTML(this.formula);
    const flavorHtml = flavor && !isPrivate ? `<div class="dice-flavor">${escapeHTML(flavor)}</div>` : "";
    return `<div class="dice-roll">${flavorHtml}<div class="dice-result"><div class="dice-formula">${formula}</div><h4 class="dice-total">${total}</h4></div></div>`;
  }

  /** Post this roll to chat (evaluating it first), in a roll mode; with create:false, return the data. */
  async toMessage(messageData: Data = {}, { rollMode, create = true }: { rollMode?: string; create?: boolean } = {}): Promise<unknown> {
    if (!this._evaluated) await this.evaluate();
    const c = currentClient("Roll#toMessage");
    const mode = rollMode ?? (messageData.rollMode as string | undefined) ?? String(c.game.settings.get("core", "rollMode"));
    const data: Data = {
      content: String(this._total),
      sound: "sounds/dice.wav",
      ...messageData,
      rolls: [this],
    };
    delete data.rollMode;
    data.speaker ??= ChatMessage.getSpeaker();
    if (!create) {
      ChatMessage.applyRollMode(data, mode);
      data.rolls = [JSON.stringify(this.toJSON())];
      return data;
    }
    return ChatMessage.create(data, { rollMode: mode });
  }
}

registerRollClass("Roll", Roll);

/** A roll as V13 stores it in a message source: a JSON string (a Roll must be evaluated). */
export function rollToString(roll: unknown): string {
  if (typeof roll === "string") return roll;
  if (roll instanceof Roll) {
    if (!roll.evaluated) throw new Error("A chat message's rolls must be evaluated before the message is created.");
    return JSON.stringify(roll.toJSON());
  }
  return JSON.stringify(roll);
}
