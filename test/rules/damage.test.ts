import { describe, expect, it } from "vitest";
import { damageAfterSave } from "../../src/rules/damage";

type Input = Parameters<typeof damageAfterSave>[0];

describe("R2–R6 damageAfterSave", () => {
  it("R4 fireball 6d6 = 21, Reflex half: failure 21, success floor(21/2) = 10", () => {
    expect(damageAfterSave({ damage: 21, effect: "half", success: false, save: "ref" })).toBe(21);
    expect(damageAfterSave({ damage: 21, effect: "half", success: true, save: "ref" })).toBe(10);
  });

  it("R4 half rounds down: 1 → 0, 35 (10d6 cone of cold) → 17", () => {
    expect(damageAfterSave({ damage: 1, effect: "half", success: true })).toBe(0);
    expect(damageAfterSave({ damage: 35, effect: "half", success: true, save: "ref" })).toBe(17);
    expect(damageAfterSave({ damage: 0, effect: "half", success: true })).toBe(0);
  });

  it("R2 negates: a success takes nothing, a failure takes everything", () => {
    expect(damageAfterSave({ damage: 14, effect: "negates", success: true, save: "will" })).toBe(0);
    expect(damageAfterSave({ damage: 14, effect: "negates", success: false, save: "will" })).toBe(14);
  });

  it("R3 partial: disintegrate (CL 11: 22d6 = 77), success takes the 5d6 the text names (17)", () => {
    expect(damageAfterSave({ damage: 77, effect: "partial", success: false, save: "fort", partialDamage: 17 })).toBe(77);
    expect(damageAfterSave({ damage: 77, effect: "partial", success: true, save: "fort", partialDamage: 17 })).toBe(17);
  });

  it("R3 partial without the lesser damage: the GM decides (null)", () => {
    expect(damageAfterSave({ damage: 77, effect: "partial", success: true, save: "fort" })).toBeNull();
  });

  it("R6 disbelief: shadow evocation disbelieved takes the fraction the text gives, else the GM decides", () => {
    // shadow evocation as a fireball, 6d6 = 20: a disbeliever takes 1/5 (3.5 SRD) = 4
    expect(damageAfterSave({ damage: 20, effect: "disbelief", success: true, save: "will", partialDamage: 4 })).toBe(4);
    expect(damageAfterSave({ damage: 20, effect: "disbelief", success: true, save: "will" })).toBeNull();
    expect(damageAfterSave({ damage: 20, effect: "disbelief", success: false, save: "will" })).toBe(20);
  });

  it("R5 none: no save, the damage applies (acid arrow 2d4 = 5)", () => {
    expect(damageAfterSave({ damage: 5, effect: "none", success: false })).toBe(5);
    expect(damageAfterSave({ damage: 5, effect: "none", success: true })).toBe(5);
  });

  it("special (see text): always the GM's call", () => {
    expect(damageAfterSave({ damage: 12, effect: "special", success: true })).toBeNull();
    expect(damageAfterSave({ damage: 12, effect: "special", success: false })).toBeNull();
  });

  it("R11 a waived save takes the full damage and cannot be a success", () => {
    expect(damageAfterSave({ damage: 21, effect: "half", success: false, save: "ref", waived: true })).toBe(21);
    expect(() => damageAfterSave({ damage: 21, effect: "half", success: true, waived: true })).toThrow(
      /damageAfterSave: a waived save \(R11\) cannot be a success/,
    );
  });
});

describe("R4 evasion and improved evasion (Reflex half only)", () => {
  const fireball = { damage: 21, effect: "half", save: "ref" } as const;

  it("R4 evasion: a success takes 0, a failure takes all 21", () => {
    expect(damageAfterSave({ ...fireball, success: true, evasion: "evasion" })).toBe(0);
    expect(damageAfterSave({ ...fireball, success: false, evasion: "evasion" })).toBe(21);
  });

  it("R4 improved evasion: a success takes 0, a failure floor(21/2) = 10", () => {
    expect(damageAfterSave({ ...fireball, success: true, evasion: "improved" })).toBe(0);
    expect(damageAfterSave({ ...fireball, success: false, evasion: "improved" })).toBe(10);
  });

  it("R4 evasion does nothing against a Fortitude or Will half save, or an unknown save", () => {
    expect(damageAfterSave({ damage: 21, effect: "half", save: "fort", success: true, evasion: "improved" })).toBe(10);
    expect(damageAfterSave({ damage: 21, effect: "half", save: "will", success: false, evasion: "improved" })).toBe(21);
    expect(damageAfterSave({ damage: 21, effect: "half", success: true, evasion: "evasion" })).toBe(10);
  });

  it("R4 evasion does nothing against Reflex negates or partial", () => {
    expect(damageAfterSave({ damage: 9, effect: "negates", save: "ref", success: false, evasion: "improved" })).toBe(9);
    expect(damageAfterSave({ damage: 9, effect: "partial", save: "ref", success: false, evasion: "improved" })).toBe(9);
  });

  it("R11 a creature that waives its save gets no evasion", () => {
    expect(damageAfterSave({ ...fireball, success: false, evasion: "improved", waived: true })).toBe(21);
  });
});

describe("damageAfterSave bad arguments throw, never a wrong number", () => {
  const ok: Input = { damage: 10, effect: "half", success: true };
  it.each<[string, Partial<Record<keyof Input, unknown>>, RegExp]>([
    ["negative damage", { damage: -1 }, /damage must be an integer >= 0, got -1/],
    ["NaN damage", { damage: Number.NaN }, /damage must be an integer >= 0, got NaN/],
    ["fractional damage", { damage: 10.5 }, /damage must be an integer/],
    ["an unknown effect", { effect: "halved" }, /effect must be one of "negates", "partial", "half"/],
    ["a non-boolean success", { success: 1 }, /success must be true or false/],
    ["an unknown save", { save: "reflex" }, /save must be one of "fort", "ref", "will"/],
    ["an unknown evasion", { evasion: "greater" }, /evasion must be one of "evasion", "improved"/],
    ["negative partial damage", { effect: "partial", partialDamage: -2 }, /partialDamage/],
  ])("rejects %s", (_what, patch, message) => {
    expect(() => damageAfterSave({ ...ok, ...patch } as Input)).toThrow(message);
    expect(() => damageAfterSave({ ...ok, ...patch } as Input)).toThrow(/^damageAfterSave: /);
  });
});
