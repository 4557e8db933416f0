import { describe, expect, it } from "vitest";
import type { HitPoints } from "../../src/systems/adapter";
import { giveBack, heal, takeDamage } from "../../src/workflow/hitPoints";

const hp = (value: number, temp: number, max: number): HitPoints => ({ value, temp, max });

describe("takeDamage: temporary hit points first (SRD 'Temporary Hit Points')", () => {
  it("temp 5, 12 damage → temp 0, and 7 comes off hit points (30 → 23)", () => {
    const { next, taken } = takeDamage(hp(30, 5, 30), 12);
    expect(next).toEqual({ temp: 0, value: 23 });
    expect(taken).toEqual({ temp: 5, value: 7 });
  });

  it("damage smaller than the temporary hit points leaves hit points alone (temp 10, 4 damage → temp 6)", () => {
    const { next, taken } = takeDamage(hp(30, 10, 30), 4);
    expect(next).toEqual({ temp: 6, value: 30 });
    expect(taken).toEqual({ temp: 4, value: 0 });
  });

  it("without temporary hit points all of it comes off hit points, below 0 if need be (fireball 21 on 5 hp → -16)", () => {
    const { next, taken } = takeDamage(hp(5, 0, 5), 21);
    expect(next).toEqual({ temp: 0, value: -16 });
    expect(taken).toEqual({ temp: 0, value: 21 });
  });

  it("what was taken adds up to the damage", () => {
    const { taken } = takeDamage(hp(18, 7, 40), 25);
    expect(taken.temp + taken.value).toBe(25);
  });

  it("0 damage changes nothing", () => {
    const { next, taken } = takeDamage(hp(30, 5, 30), 0);
    expect(next).toEqual({ temp: 5, value: 30 });
    expect(taken).toEqual({ temp: 0, value: 0 });
  });

  it("a negative temp value in the data is not used as a buffer", () => {
    const { next, taken } = takeDamage(hp(30, -2, 30), 6);
    expect(taken).toEqual({ temp: 0, value: 6 });
    expect(next.value).toBe(24);
  });
});

describe("heal: never above the maximum", () => {
  it("cure light wounds for 15 on 20/30 → 30; taken.value is -10 (negative: healed)", () => {
    const { next, taken } = heal(hp(20, 0, 30), 15);
    expect(next).toEqual({ temp: 0, value: 30 });
    expect(taken).toEqual({ temp: 0, value: -10 });
  });

  it("healing less than the missing hit points heals it all (8 on 10/30 → 18, taken -8)", () => {
    const { next, taken } = heal(hp(10, 0, 30), 8);
    expect(next.value).toBe(18);
    expect(taken.value).toBe(-8);
  });

  it("healing does not touch temporary hit points", () => {
    const { next, taken } = heal(hp(10, 4, 30), 8);
    expect(next.temp).toBe(4);
    expect(taken.temp).toBe(0);
  });

  it("at full hit points nothing is healed", () => {
    const { next, taken } = heal(hp(30, 0, 30), 9);
    expect(next.value).toBe(30);
    expect(Math.abs(taken.value)).toBe(0);
  });

  it("hit points already above the maximum are not lowered by a heal", () => {
    const { next, taken } = heal(hp(33, 0, 30), 9);
    expect(next.value).toBe(33);
    expect(Math.abs(taken.value)).toBe(0);
  });

  it("a dying creature (-4/30) healed 11 comes back to 7", () => {
    const { next, taken } = heal(hp(-4, 0, 30), 11);
    expect(next.value).toBe(7);
    expect(taken.value).toBe(-11);
  });
});

describe("giveBack: undo gives back exactly what was taken", () => {
  it("hp 30 → takes 12 → other damage 5 → giveBack → 25 (the other damage stays)", () => {
    const start = hp(30, 0, 30);
    const { next: afterSpell, taken } = takeDamage(start, 12);
    expect(afterSpell.value).toBe(18);
    const afterOther = { ...start, ...afterSpell, value: afterSpell.value - 5 };
    expect(giveBack(afterOther, taken)).toEqual({ temp: 0, value: 25 });
  });

  it("temporary hit points come back as temporary hit points (temp 5 / 30, 12 damage, undo → temp 5 / 30)", () => {
    const start = hp(30, 5, 30);
    const { next, taken } = takeDamage(start, 12);
    expect(giveBack({ ...start, ...next }, taken)).toEqual({ temp: 5, value: 30 });
  });

  it("undoing a heal takes back only what the heal added (20/30 healed 15 → 30; 4 damage → 26; undo → 16)", () => {
    const start = hp(20, 0, 30);
    const { next, taken } = heal(start, 15);
    const afterOther = { ...start, ...next, value: next.value - 4 };
    expect(giveBack(afterOther, taken)).toEqual({ temp: 0, value: 16 });
  });

  it("giveBack does not cap at the maximum: it restores the record, whatever happened since", () => {
    const start = hp(30, 0, 30);
    const { taken } = takeDamage(start, 12);
    // healed to full by someone else in between: undo still returns the 12
    expect(giveBack({ ...start, value: 30 }, taken)).toEqual({ temp: 0, value: 42 });
  });
});
