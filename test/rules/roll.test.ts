import { describe, expect, it } from "vitest";
import {
  overcomesSpellResistance,
  resolveSave,
  rolledNatural1,
  rolledSave,
  saveSucceeded,
  spellResistanceApplies,
  waivedSave,
  type SaveOutcome,
} from "../../src/rules/roll";

describe("R10 resolveSave: 1d20 + bonus >= DC", () => {
  it("R10 fireball DC 16: a rogue with Reflex +6 rolling 10 (total 16) succeeds; 9 (15) fails", () => {
    expect(resolveSave({ natural: 10, total: 16, dc: 16 })).toEqual({ success: true, natural1: false, natural20: false });
    expect(resolveSave({ natural: 9, total: 15, dc: 16 }).success).toBe(false);
  });

  it("R10 a natural 1 always fails, even when the total beats the DC", () => {
    expect(resolveSave({ natural: 1, total: 25, dc: 15 })).toEqual({ success: false, natural1: true, natural20: false });
  });

  it("R10 a natural 20 always succeeds, even when the total misses the DC", () => {
    expect(resolveSave({ natural: 20, total: 18, dc: 30 })).toEqual({ success: true, natural1: false, natural20: true });
  });

  it("R10 negative save totals are allowed (Will -1 rolling 3: total 2)", () => {
    expect(resolveSave({ natural: 3, total: 2, dc: 11 }).success).toBe(false);
    expect(resolveSave({ natural: 2, total: -3, dc: -5 }).success).toBe(true);
  });

  it("R10 the natural must be a d20 face; totals and DCs must be integers", () => {
    expect(() => resolveSave({ natural: 0, total: 5, dc: 10 })).toThrow(
      /resolveSave: natural must be an integer from 1 to 20, got 0/,
    );
    expect(() => resolveSave({ natural: 21, total: 25, dc: 10 })).toThrow(RangeError);
    expect(() => resolveSave({ natural: 10.5, total: 15, dc: 10 })).toThrow(RangeError);
    expect(() => resolveSave({ natural: 10, total: Number.NaN, dc: 10 })).toThrow(/resolveSave: total/);
    expect(() => resolveSave({ natural: 10, total: 15, dc: "15" as unknown as number })).toThrow(TypeError);
    expect(() => resolveSave(null as unknown as { natural: number; total: number; dc: number })).toThrow(TypeError);
  });
});

describe("R10–R11 SaveOutcome", () => {
  it("R10 rolledSave keeps the roll and its result", () => {
    expect(rolledSave({ natural: 1, total: 12, dc: 14 })).toEqual({
      kind: "rolled",
      natural: 1,
      total: 12,
      dc: 14,
      success: false,
      natural1: true,
      natural20: false,
    });
  });

  it("R11 a waived save is a failure and never a roll", () => {
    const waived = waivedSave();
    expect(waived).toEqual({ kind: "waived", success: false });
    expect("natural" in waived).toBe(false);
    expect("total" in waived).toBe(false);
    expect(saveSucceeded(waived)).toBe(false);
    expect(rolledNatural1(waived)).toBe(false); // R14: waiving exposes no item
  });

  it("R10 saveSucceeded and rolledNatural1 read rolled saves", () => {
    const outcomes: SaveOutcome[] = [
      rolledSave({ natural: 20, total: 22, dc: 25 }),
      rolledSave({ natural: 1, total: 10, dc: 5 }),
      rolledSave({ natural: 12, total: 16, dc: 16 }),
    ];
    expect(outcomes.map(saveSucceeded)).toEqual([true, false, true]);
    expect(outcomes.map(rolledNatural1)).toEqual([false, true, false]);
  });
});

describe("R18 overcomesSpellResistance: 1d20 + caster level >= SR", () => {
  it("R18 a 9th-level caster against a drow's SR 11 + 9 (= 20): needs 11 on the die", () => {
    expect(overcomesSpellResistance({ natural: 11, casterLevel: 9, spellResistance: 20 })).toBe(true);
    expect(overcomesSpellResistance({ natural: 10, casterLevel: 9, spellResistance: 20 })).toBe(false);
  });

  it("R18 no automatic success: a natural 20 at CL 5 against SR 28 still fails", () => {
    expect(overcomesSpellResistance({ natural: 20, casterLevel: 5, spellResistance: 28 })).toBe(false);
  });

  it("R18 no automatic failure: a natural 1 at CL 20 against SR 15 succeeds", () => {
    expect(overcomesSpellResistance({ natural: 1, casterLevel: 20, spellResistance: 15 })).toBe(true);
  });

  it("R18 bad arguments throw", () => {
    expect(() => overcomesSpellResistance({ natural: 0, casterLevel: 5, spellResistance: 15 })).toThrow(
      /overcomesSpellResistance: natural/,
    );
    expect(() => overcomesSpellResistance({ natural: 10, casterLevel: -1, spellResistance: 15 })).toThrow(
      /overcomesSpellResistance: casterLevel must be an integer >= 0, got -1/,
    );
    expect(() => overcomesSpellResistance({ natural: 10, casterLevel: 5, spellResistance: Number.NaN })).toThrow(
      RangeError,
    );
  });
});

describe("R18 spellResistanceApplies (with R8, R11)", () => {
  const hostile = { srAllowed: true, targetSR: 20, harmless: false };

  it("R18 a hostile SR-yes spell against a target with SR: roll", () => {
    expect(spellResistanceApplies(hostile)).toBe(true);
  });

  it("R18 Spell Resistance: No (e.g. acid arrow), or no SR: no roll", () => {
    expect(spellResistanceApplies({ ...hostile, srAllowed: false })).toBe(false);
    expect(spellResistanceApplies({ ...hostile, targetSR: 0 })).toBe(false);
  });

  it("R11 a target that lowers its SR voluntarily is not tested", () => {
    expect(spellResistanceApplies({ ...hostile, loweredVoluntarily: true })).toBe(false);
  });

  it("R8 a (harmless) spell tests SR only when the target wants to resist", () => {
    expect(spellResistanceApplies({ ...hostile, harmless: true })).toBe(false);
    expect(spellResistanceApplies({ ...hostile, harmless: true, targetResists: false })).toBe(false);
    expect(spellResistanceApplies({ ...hostile, harmless: true, targetResists: true })).toBe(true);
    expect(spellResistanceApplies({ ...hostile, harmless: true, targetResists: true, loweredVoluntarily: true })).toBe(
      false,
    );
  });

  it("R18 bad arguments throw", () => {
    expect(() => spellResistanceApplies({ ...hostile, targetSR: -5 })).toThrow(/targetSR/);
    expect(() => spellResistanceApplies({ ...hostile, harmless: "yes" as unknown as boolean })).toThrow(
      /spellResistanceApplies: harmless must be true or false/,
    );
    expect(() => spellResistanceApplies({ ...hostile, targetResists: 1 as unknown as boolean })).toThrow(TypeError);
  });
});
