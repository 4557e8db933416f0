/**
 * R1–R8 measured on every "Saving Throw" line of the D35E and pf1 compendia (../shared/data).
 *
 * 1. Every non-empty line reads as at least one option or as "see text", with nothing left unknown.
 * 2. Where the data also stores the save in a structured field, the parse agrees with it. Each
 *    disagreement that is an error in the data is listed in DATA_ERRORS with its reason; the test fails
 *    on a disagreement that is not listed, and on a listed one that no longer disagrees.
 */
import { readDataText } from "../fixtures/data";
import { describe, expect, it } from "vitest";
import { parseSaveLine, type ParsedSaveLine, type SaveKind, type SaveOption } from "../../src/rules/saveLine";

interface D35eSpell {
  name: string;
  save: string | null;
  /** D35E's enum: save and effect in one word ("willnegates", "reflexhalf"), or null. */
  saveType: string | null;
}

interface Pf1Save {
  type?: string;
  description?: string;
  harmless?: boolean;
}

interface Pf1Spell {
  name: string;
  save: string | null;
  saveType: string | null;
  harmless: boolean;
  actions: { name: string; save?: Pf1Save }[];
}

function readJsonl<T>(file: string): T[] {
  return readDataText(file)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as T);
}

const d35e = readJsonl<D35eSpell>("spells-d35e.jsonl");
const pf1 = readJsonl<Pf1Spell>("spells-pf1.jsonl");

type Group = "D35E spells" | "pf1 spells" | "pf1 actions";

/** Every non-empty save line in the data: each spell's, and (pf1) each action's own description. */
function saveLines(): { group: Group; source: string; text: string }[] {
  const lines: { group: Group; source: string; text: string }[] = [];
  for (const spell of d35e) lines.push({ group: "D35E spells", source: `D35E ${spell.name}`, text: spell.save ?? "" });
  for (const spell of pf1) {
    lines.push({ group: "pf1 spells", source: `pf1 ${spell.name}`, text: spell.save ?? "" });
    spell.actions.forEach((action, i) => {
      const text = action.save?.description ?? "";
      lines.push({ group: "pf1 actions", source: `pf1 ${spell.name} actions[${i}]`, text });
    });
  }
  return lines.filter((line) => line.text.trim() !== "");
}

function counts(parsed: readonly ParsedSaveLine[]): string {
  const count = (test: (p: ParsedSaveLine) => boolean) => parsed.filter(test).length;
  return [
    `lines ${parsed.length}`,
    `parsed (≥1 option) ${count((p) => p.options.length > 0)}`,
    `seeText ${count((p) => p.seeText)}`,
    `with then ${count((p) => p.options.some((o) => o.then !== undefined))}`,
    `several options ${count((p) => p.options.length > 1)}`,
    `conjunction ${count((p) => p.conjunction)}`,
    `ambiguous ${count((p) => p.ambiguous)}`,
  ].join(", ");
}

/** Every option and every save chained after it. */
function steps(parsed: ParsedSaveLine): SaveOption[] {
  const all: SaveOption[] = [];
  for (let option of parsed.options) {
    all.push(option);
    while (option.then) {
      option = option.then;
      all.push(option);
    }
  }
  return all;
}

interface Expected {
  save: SaveKind;
  /** Absent when the field stores only the save (pf1). */
  effect?: "negates" | "half" | "partial";
}

/**
 * Whether the parse agrees with a structured save: some step names that save (and a compatible effect);
 * a line that names no save at all agrees only if it defers to the text.
 */
function agrees(parsed: ParsedSaveLine, expected: Expected | null): boolean {
  const saving = steps(parsed).filter((step) => step.save !== null);
  if (expected === null) return saving.length === 0;
  if (saving.length === 0) return parsed.seeText;
  return saving.some((step) => step.save === expected.save && effectFits(step.effect, expected.effect));
}

/** D35E's enum has no "disbelief": illusions are stored as "willnegates". `special` fits anything. */
function effectFits(effect: SaveOption["effect"], expected: Expected["effect"]): boolean {
  if (expected === undefined || effect === "special" || effect === expected) return true;
  return effect === "disbelief" && expected === "negates";
}

const D35E_ENUM = /^(fortitude|reflex|will)(negates|half|partial)$/u;
const ENUM_SAVE: Record<string, SaveKind> = { fortitude: "fort", reflex: "ref", will: "will" };

function d35eExpected(saveType: string | null): Expected | null {
  const match = saveType === null ? null : D35E_ENUM.exec(saveType);
  if (!match) return null;
  const [, save = "", effect] = match;
  return { save: ENUM_SAVE[save] ?? "fort", effect: effect as Expected["effect"] };
}

function pf1Expected(type: string | null | undefined): Expected | null {
  return type === "fort" || type === "ref" || type === "will" ? { save: type } : null;
}

interface Disagreement {
  system: "D35E" | "pf1";
  name: string;
  field: string;
}

/** D35E leaves saveType null on most spells (570 of 674), with a save or without: null says nothing. */
function d35eDisagreements(): Disagreement[] {
  const found: Disagreement[] = [];
  for (const spell of d35e) {
    if (spell.saveType === null) continue;
    const expected = d35eExpected(spell.saveType);
    if (expected === null || !agrees(parseSaveLine(spell.save), expected)) {
      found.push({ system: "D35E", name: spell.name, field: "saveType" });
    }
  }
  return found;
}

interface Pf1SaveFields {
  name: string;
  /** Where the data keeps this save: "" for the spell's own fields, "actions[0].save." for an action. */
  at: "" | `actions[${number}].save.`;
  text: string | null;
  type: string | null;
  harmless: boolean;
}

/** One pf1 save (the spell's or an action's): its type, and R8 (text "(harmless)" implies the flag). */
function pf1SaveDisagreements({ name, at, text, type, harmless }: Pf1SaveFields): Disagreement[] {
  const found: Disagreement[] = [];
  const parsed = parseSaveLine(text);
  if (!agrees(parsed, pf1Expected(type))) found.push({ system: "pf1", name, field: at === "" ? "saveType" : `${at}type` });
  // pf1 moves "(harmless)" from the text into its flag, so only text → flag can be checked.
  if (steps(parsed).some((s) => s.harmless) && !harmless) found.push({ system: "pf1", name, field: `${at}harmless` });
  return found;
}

function pf1Disagreements(): Disagreement[] {
  return pf1.flatMap((spell) => [
    ...pf1SaveDisagreements({ name: spell.name, at: "", text: spell.save, type: spell.saveType, harmless: spell.harmless }),
    ...spell.actions.flatMap((action, i) =>
      pf1SaveDisagreements({
        name: spell.name,
        at: `actions[${i}].save.`,
        text: action.save?.description ?? null,
        type: action.save?.type ?? null,
        harmless: action.save?.harmless === true,
      }),
    ),
  ]);
}

/**
 * Disagreements that are errors in the data, not in the parser. The test fails when one of these stops
 * disagreeing, so the list stays honest.
 */
const DATA_ERRORS: (Disagreement & { reason: string })[] = [
  { system: "D35E", name: "Blacklight", field: "saveType", reason: "no Saving Throw text, saveType willnegates" },
  { system: "D35E", name: "Call Lightning Storm", field: "saveType", reason: "no Saving Throw text, saveType reflexhalf" },
  { system: "D35E", name: "Disguise Self", field: "saveType", reason: "no Saving Throw text, saveType willnegates" },
  { system: "D35E", name: "Flaming Sphere", field: "saveType", reason: "no Saving Throw text, saveType reflexnegates" },
  { system: "D35E", name: "Song of Discord", field: "saveType", reason: "no Saving Throw text, saveType willnegates" },
  { system: "D35E", name: "Soul Bind", field: "saveType", reason: "no Saving Throw text, saveType willnegates" },
  { system: "D35E", name: "Sound Burst", field: "saveType", reason: "no Saving Throw text, saveType fortitudepartial" },
  { system: "D35E", name: "Spell Immunity", field: "saveType", reason: "no Saving Throw text, saveType willnegates" },
  { system: "D35E", name: "Spell Immunity, Greater", field: "saveType", reason: "no Saving Throw text, saveType willnegates" },
  { system: "D35E", name: "Spellstaff", field: "saveType", reason: "no Saving Throw text, saveType willnegates" },
  { system: "D35E", name: "Spike Growth", field: "saveType", reason: "no Saving Throw text, saveType reflexpartial" },
  { system: "D35E", name: "Spike Stones", field: "saveType", reason: "no Saving Throw text, saveType reflexpartial" },
  { system: "D35E", name: "Stinking Cloud", field: "saveType", reason: "no Saving Throw text, saveType fortitudenegates" },
  { system: "D35E", name: "Soften Earth and Stone", field: "saveType", reason: 'text "None", saveType reflexpartial' },
  { system: "D35E", name: "Holy Smite", field: "saveType", reason: 'text "Will partial; see text", saveType willhalf' },
  { system: "D35E", name: "Order\u2019s Wrath", field: "saveType", reason: 'text "Will partial; see text", saveType willhalf' },
  { system: "D35E", name: "Sunburst", field: "saveType", reason: 'text "Reflex partial; see text", saveType reflexhalf' },
  { system: "pf1", name: "Redcap's Touch", field: "saveType", reason: 'text "Will negates (object)", saveType null' },
  { system: "pf1", name: "Redcap's Touch", field: "actions[0].save.type", reason: 'text "Will negates (object)", type ""' },
  { system: "pf1", name: "Spindrift Spritz", field: "saveType", reason: 'text "Will negates", saveType null' },
  { system: "pf1", name: "Spindrift Spritz", field: "actions[0].save.type", reason: 'text "Will negates", type ""' },
  { system: "pf1", name: "Spindrift Spritz, Mass", field: "saveType", reason: 'text "Will negates", saveType null' },
  { system: "pf1", name: "Spindrift Spritz, Mass", field: "actions[0].save.type", reason: 'text "Will negates", type ""' },
  { system: "pf1", name: "Suspend Drowning", field: "saveType", reason: 'text "Will negates", saveType null' },
  { system: "pf1", name: "Suspend Drowning", field: "actions[0].save.type", reason: 'text "Will negates", type ""' },
  { system: "pf1", name: "Untold Wonder", field: "saveType", reason: 'text "Will negates", saveType null' },
  { system: "pf1", name: "Untold Wonder", field: "actions[0].save.type", reason: 'text "Will negates", type ""' },
  { system: "pf1", name: "Waterproof", field: "saveType", reason: 'text "Will negates", saveType null' },
  { system: "pf1", name: "Waterproof", field: "actions[0].save.type", reason: 'text "Will negates", type ""' },
];

const key = (d: Disagreement): string => `${d.system} ${d.name} | ${d.field}`;

describe("parseSaveLine on the D35E and pf1 compendia (R1–R8)", () => {
  it("reads every save line into options or 'see text', leaving nothing unknown", () => {
    const lines = saveLines();
    const results = lines.map((line) => ({ ...line, parsed: parseSaveLine(line.text) }));
    const unread = results.filter((r) => r.parsed.options.length === 0 && !r.parsed.seeText);
    const unknown = results.filter((r) => r.parsed.unknown.length > 0);
    for (const group of ["D35E spells", "pf1 spells", "pf1 actions"] as const) {
      console.log(`${group}: ${counts(results.filter((r) => r.group === group).map((r) => r.parsed))}`);
    }
    console.log(`all: ${counts(results.map((r) => r.parsed))}`);
    expect(unread.map((r) => `${r.source}: ${JSON.stringify(r.text)}`)).toEqual([]);
    expect(unknown.map((r) => `${r.source}: ${JSON.stringify(r.text)} → ${JSON.stringify(r.parsed.unknown)}`)).toEqual([]);
  });

  it("agrees with the structured save fields, except for the listed data errors", () => {
    const found = [...d35eDisagreements(), ...pf1Disagreements()].map(key);
    const listed = DATA_ERRORS.map(key);
    const unexpected = found.filter((k) => !listed.includes(k));
    const stale = listed.filter((k) => !found.includes(k));
    // unexpected: a disagreement not listed in DATA_ERRORS; stale: a listed one that no longer disagrees.
    expect({ unexpected, stale }).toEqual({ unexpected: [], stale: [] });
    expect(new Set(listed).size, "DATA_ERRORS has duplicate entries").toBe(listed.length);
  });
});
