import { describe, expect, it } from "vitest";
import { findTarget, allSaved, type SaveSession, type TargetState } from "../../src/workflow/session";
import {
  amountDue,
  chooseOption,
  confirmOption,
  closeSession,
  markApplied,
  markGone,
  markUndone,
  overrideDamage,
  proposeDamage,
  recordSave,
  WorkflowRefusal,
  type RefusalReason,
  type SaveReport,
} from "../../src/workflow/transitions";
import {
  clericBook,
  fireballInput,
  fireballSession,
  fireballSpell,
  goblin,
  holdPersonSession,
  lidda,
  recordAll,
  rolled,
  sessionOf,
  tordek,
  wizardBook,
} from "./builders";

function target(session: SaveSession, id: string): TargetState {
  const found = findTarget(session, id);
  if (!found) throw new Error(`no target ${id}`);
  return found;
}

function refusalOf(action: () => unknown): RefusalReason | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof WorkflowRefusal) return error.reason;
    throw error;
  }
  return undefined;
}

/** Blade barrier by an 11th-level cleric (Wis 18): DC 20, 11d6 = 38, "Reflex half or Reflex negates; see text". */
function bladeBarrierSession(): SaveSession {
  return sessionOf(
    fireballInput({
      spell: fireballSpell({ name: "Blade Barrier", saveText: "Reflex half or Reflex negates; see text", levelsByClass: { Cleric: 6 } }),
      book: clericBook(),
      damage: { total: 38, types: ["slashing"], healing: false },
      targets: [goblin(), tordek()],
    }),
  );
}

/** Phantasmal killer (Wiz 4; DC 17 with Int 17): "Will disbelief (if interacted with), then Fortitude partial; see text", 3d6 = 11. */
function phantasmalKillerSession(): SaveSession {
  return sessionOf(
    fireballInput({
      spell: fireballSpell({
        name: "Phantasmal Killer",
        saveText: "Will disbelief (if interacted with), then Fortitude partial; see text",
        levelsByClass: { Wizard: 4, Sorcerer: 4 },
        aim: "targeted",
      }),
      book: wizardBook({ casterLevel: 7 }),
      damage: { total: 11, types: [], healing: false },
      targets: [tordek()],
    }),
  );
}

/** Disintegrate (Wiz 6) by an 11th-level wizard, Int 17: DC 19, "Fortitude partial (object)", 22d6 = 77. */
function disintegrateSession(): SaveSession {
  return sessionOf(
    fireballInput({
      spell: fireballSpell({ name: "Disintegrate", saveText: "Fortitude partial (object)", levelsByClass: { Wizard: 6, Sorcerer: 6 }, aim: "targeted" }),
      book: wizardBook({ casterLevel: 11 }),
      damage: { total: 77, types: [], healing: false },
      targets: [tordek()],
    }),
  );
}

describe("recordSave: the roll against DC 16 (R10)", () => {
  it("R10: total == DC succeeds (natural 15 + 1 = 16)", () => {
    const save = target(recordSave(fireballSession(), "goblin", rolled(15, 16)), "goblin").save;
    expect(save).toEqual({ kind: "rolled", natural: 15, total: 16, success: true, natural1: false, natural20: false });
  });

  it("R10: total one below the DC fails (natural 14 + 1 = 15)", () => {
    const save = target(recordSave(fireballSession(), "goblin", rolled(14, 15)), "goblin").save;
    expect(save).toMatchObject({ kind: "rolled", success: false });
  });

  it("R10: a natural 1 fails even when the total reaches the DC (natural 1, total 17 with bonuses)", () => {
    const save = target(recordSave(fireballSession(), "lidda", rolled(1, 17)), "lidda").save;
    expect(save).toMatchObject({ kind: "rolled", natural: 1, total: 17, success: false, natural1: true, natural20: false });
  });

  it("R10: a natural 20 succeeds even below the DC (natural 20, total 14 with penalties)", () => {
    const save = target(recordSave(fireballSession(), "goblin", rolled(20, 14)), "goblin").save;
    expect(save).toMatchObject({ kind: "rolled", natural: 20, total: 14, success: true, natural1: false, natural20: true });
  });

  it("the target's status becomes 'rolled' and the other targets keep waiting", () => {
    const next = recordSave(fireballSession(), "goblin", rolled(12, 13));
    expect(target(next, "goblin").status).toBe("rolled");
    expect(target(next, "tordek").status).toBe("waiting");
    expect(allSaved(next)).toBe(false);
  });

  it("does not change the session it was given (sessions are plain data, changed only by returning a new one)", () => {
    const session = fireballSession();
    recordSave(session, "goblin", rolled(12, 13));
    expect(target(session, "goblin").status).toBe("waiting");
    expect(target(session, "goblin")).not.toHaveProperty("save");
  });

  it("allSaved once every target has rolled or waived", () => {
    const done = recordAll(fireballSession(), { goblin: rolled(2, 3), tordek: { kind: "waived" }, lidda: rolled(10, 18) });
    expect(allSaved(done)).toBe(true);
  });
});

describe("recordSave: waiving (R11)", () => {
  it("R11: a waived save is recorded as 'waived', never as a roll, and takes the full 21 damage", () => {
    const t = target(recordSave(fireballSession(), "tordek", { kind: "waived" }), "tordek");
    expect(t.status).toBe("waived");
    expect(t.save).toEqual({ kind: "waived" });
    expect(t.save).not.toHaveProperty("natural");
    expect(t.save).not.toHaveProperty("total");
    expect(t.damage?.proposed).toBe(21);
  });

  it("R11: a waived save gives up evasion too: Lidda takes the full 21", () => {
    expect(target(recordSave(fireballSession(), "lidda", { kind: "waived" }), "lidda").damage?.proposed).toBe(21);
  });
});

describe("recordSave: damage proposals (R2, R4, R5, evasion)", () => {
  it("R4: fireball 21, failed save → 21", () => {
    expect(target(recordSave(fireballSession(), "goblin", rolled(5, 6)), "goblin").damage).toEqual({ proposed: 21 });
  });

  it("R4: fireball 21, saved → floor(21 / 2) = 10 (rounded down, not 11)", () => {
    expect(target(recordSave(fireballSession(), "tordek", rolled(17, 18)), "tordek").damage).toEqual({ proposed: 10 });
  });

  it("no damage on the spell (hold person) → the target has no damage at all", () => {
    const t = target(recordSave(holdPersonSession(), "goblin", rolled(3, 2)), "goblin");
    expect(t.status).toBe("rolled");
    expect(t.damage).toBeUndefined();
    expect(amountDue(t)).toBeUndefined();
  });

  it("evasion: Lidda saves against fireball → 0", () => {
    expect(target(recordSave(fireballSession(), "lidda", rolled(9, 17)), "lidda").damage?.proposed).toBe(0);
  });

  it("evasion: Lidda fails against fireball → the full 21 (plain evasion does not help on a failure)", () => {
    expect(target(recordSave(fireballSession(), "lidda", rolled(2, 10)), "lidda").damage?.proposed).toBe(21);
  });

  it("improved evasion: a failed save still halves → 10", () => {
    const session = fireballSession({ targets: [lidda("improved")] });
    expect(target(recordSave(session, "lidda", rolled(2, 10)), "lidda").damage?.proposed).toBe(10);
  });

  it("improved evasion: a success → 0", () => {
    const session = fireballSession({ targets: [lidda("improved")] });
    expect(target(recordSave(session, "lidda", rolled(12, 20)), "lidda").damage?.proposed).toBe(0);
  });

  it("evasion works only on Reflex saves: horrid wilting (Fortitude half) saved by Lidda → floor(21 / 2) = 10", () => {
    const session = fireballSession({
      spell: fireballSpell({ name: "Horrid Wilting", saveText: "Fortitude half", levelsByClass: { Wizard: 8, Sorcerer: 8 } }),
      targets: [lidda("improved")],
    });
    expect(target(recordSave(session, "lidda", rolled(19, 21)), "lidda").damage?.proposed).toBe(10);
  });

  it("R3: a partial save that succeeds leaves the amount to the GM (disintegrate: null, not 77)", () => {
    const t = target(recordSave(disintegrateSession(), "tordek", rolled(15, 21)), "tordek");
    expect(t.save).toMatchObject({ success: true });
    expect(t.damage).toEqual({ proposed: null });
    expect(amountDue(t)).toBeUndefined();
  });

  it("R3: a partial save that fails → the full damage (disintegrate 77)", () => {
    expect(target(recordSave(disintegrateSession(), "tordek", rolled(4, 10)), "tordek").damage?.proposed).toBe(77);
  });

  it("chained saves: a creature that fails the first save (phantasmal killer: did not disbelieve) → null, the GM decides", () => {
    const session = phantasmalKillerSession();
    expect(session.spell.option.then).toMatchObject({ save: "fort", effect: "partial" });
    const t = target(recordSave(session, "tordek", rolled(5, 6)), "tordek");
    expect(t.save).toMatchObject({ success: false });
    expect(t.damage).toEqual({ proposed: null });
  });

  it("R2: after choosing 'Reflex negates' on blade barrier, a success → 0", () => {
    const session = confirmOption(chooseOption(bladeBarrierSession(), 1));
    expect(target(recordSave(session, "tordek", rolled(19, 20)), "tordek").damage?.proposed).toBe(0);
  });

  it("proposeDamage: a session without damage proposes nothing (null)", () => {
    expect(proposeDamage(holdPersonSession(), { kind: "waived" })).toBeNull();
  });
});

describe("recordSave: refusals", () => {
  it("a second report for the same target → alreadySaved", () => {
    const once = recordSave(fireballSession(), "goblin", rolled(5, 6));
    expect(refusalOf(() => recordSave(once, "goblin", rolled(20, 21)))).toBe("alreadySaved");
    expect(refusalOf(() => recordSave(once, "goblin", { kind: "waived" }))).toBe("alreadySaved");
  });

  it("a closed card takes no report → closed", () => {
    expect(refusalOf(() => recordSave(closeSession(fireballSession()), "goblin", rolled(5, 6)))).toBe("closed");
  });

  it("closeSession marks the session closed and leaves the rest", () => {
    const session = fireballSession();
    const closed = closeSession(session);
    expect(closed.open).toBe(false);
    expect(session.open).toBe(true);
    expect(closed.targets).toEqual(session.targets);
  });

  it("a target that is not on the card → unknownTarget", () => {
    expect(refusalOf(() => recordSave(fireballSession(), "orc", rolled(5, 6)))).toBe("unknownTarget");
  });

  it("WorkflowRefusal is an Error that names its reason", () => {
    const error = new WorkflowRefusal("closed");
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain("closed");
    expect(error.name).toBe("WorkflowRefusal");
  });

  it.each<[string, unknown]>([
    ["natural 0", { kind: "rolled", natural: 0, total: 10 }],
    ["natural 21", { kind: "rolled", natural: 21, total: 22 }],
    ["natural 2.5", { kind: "rolled", natural: 2.5, total: 10 }],
    ["natural as a string", { kind: "rolled", natural: "20", total: 21 }],
    ["total NaN", { kind: "rolled", natural: 10, total: Number.NaN }],
    ["total Infinity", { kind: "rolled", natural: 10, total: Number.POSITIVE_INFINITY }],
    ["total 16.5", { kind: "rolled", natural: 10, total: 16.5 }],
    ["no natural", { kind: "rolled", total: 30 }],
    ["an unknown kind", { kind: "succeeded", natural: 10, total: 30 }],
    ["null", null],
    ["a string", "waived"],
  ])("a forged report (%s) → invalidReport, and nothing is recorded", (_label, report) => {
    const session = fireballSession();
    expect(refusalOf(() => recordSave(session, "goblin", report as SaveReport))).toBe("invalidReport");
    expect(target(session, "goblin").status).toBe("waiting");
  });
});

describe("damage on the card: overrideDamage, amountDue, markApplied, markUndone", () => {
  const failed = (): SaveSession => recordSave(fireballSession(), "goblin", rolled(5, 6));

  it("amountDue: nothing is due for a target that has not saved", () => {
    expect(amountDue(target(fireballSession(), "goblin"))).toBeUndefined();
  });

  it("amountDue: the proposal once the target has saved (21 for a failure)", () => {
    expect(amountDue(target(failed(), "goblin"))).toBe(21);
  });

  it("amountDue: a 0 proposal (evasion) is due as 0, not as nothing", () => {
    expect(amountDue(target(recordSave(fireballSession(), "lidda", rolled(9, 17)), "lidda"))).toBe(0);
  });

  it("overrideDamage then amountDue: the GM's amount wins over the proposal", () => {
    const next = overrideDamage(failed(), "goblin", 15);
    expect(target(next, "goblin").damage).toEqual({ proposed: 21, override: 15 });
    expect(amountDue(target(next, "goblin"))).toBe(15);
  });

  it("overrideDamage gives the GM a number where the rules left none (R3 partial)", () => {
    const saved = recordSave(disintegrateSession(), "tordek", rolled(15, 21));
    expect(amountDue(target(overrideDamage(saved, "tordek", 18), "tordek"))).toBe(18);
  });

  it("an amount the GM set before the save survives the save", () => {
    const early = overrideDamage(fireballSession(), "goblin", 12);
    const saved = recordSave(early, "goblin", rolled(5, 6));
    expect(target(saved, "goblin").damage).toEqual({ proposed: 21, override: 12 });
    expect(amountDue(target(saved, "goblin"))).toBe(12);
  });

  it("markApplied twice without an undo → alreadyApplied (Undo gives back one taking only)", () => {
    const once = markApplied(failed(), new Map([["goblin", { temp: 0, value: 21 }]]));
    expect(refusalOf(() => markApplied(once, new Map([["goblin", { temp: 0, value: 21 }]])))).toBe("alreadyApplied");
  });

  it.each([-1, 2.5, Number.NaN])("overrideDamage refuses %s with a RangeError", (amount) => {
    expect(() => overrideDamage(failed(), "goblin", amount)).toThrow(RangeError);
  });

  it("overrideDamage of an unknown target → unknownTarget", () => {
    expect(refusalOf(() => overrideDamage(failed(), "orc", 3))).toBe("unknownTarget");
  });

  it("markApplied records what was taken; then nothing more is due", () => {
    const applied = markApplied(failed(), new Map([["goblin", { temp: 0, value: 21 }]]));
    const goblinNow = target(applied, "goblin");
    expect(goblinNow.damage).toEqual({ proposed: 21, taken: { temp: 0, value: 21 } });
    expect(amountDue(goblinNow)).toBeUndefined();
    expect(target(applied, "tordek")).not.toHaveProperty("damage");
  });

  it("markApplied keeps the GM's override", () => {
    const applied = markApplied(overrideDamage(failed(), "goblin", 15), new Map([["goblin", { temp: 0, value: 15 }]]));
    expect(target(applied, "goblin").damage).toEqual({ proposed: 21, override: 15, taken: { temp: 0, value: 15 } });
  });

  it("overrideDamage after the damage was applied → alreadyApplied", () => {
    const applied = markApplied(failed(), new Map([["goblin", { temp: 0, value: 21 }]]));
    expect(refusalOf(() => overrideDamage(applied, "goblin", 5))).toBe("alreadyApplied");
  });

  it("markUndone makes the amount due again, and a new override is then allowed", () => {
    const applied = markApplied(failed(), new Map([["goblin", { temp: 0, value: 21 }]]));
    const undone = markUndone(applied, ["goblin"]);
    expect(target(undone, "goblin").damage).toMatchObject({ taken: { temp: 0, value: 21 }, undone: true });
    expect(amountDue(target(undone, "goblin"))).toBe(21);
    expect(amountDue(target(overrideDamage(undone, "goblin", 7), "goblin"))).toBe(7);
  });

  it("applying again after an undo clears the undone mark", () => {
    const undone = markUndone(markApplied(failed(), new Map([["goblin", { temp: 0, value: 21 }]])), ["goblin"]);
    const again = markApplied(undone, new Map([["goblin", { temp: 0, value: 21 }]]));
    expect(target(again, "goblin").damage).not.toHaveProperty("undone");
    expect(amountDue(target(again, "goblin"))).toBeUndefined();
  });

  it("markUndone of a target whose damage was never applied → notApplied", () => {
    expect(refusalOf(() => markUndone(failed(), ["goblin"]))).toBe("notApplied");
  });

  it("markUndone twice → notApplied (undo gives back only once)", () => {
    const undone = markUndone(markApplied(failed(), new Map([["goblin", { temp: 0, value: 21 }]])), ["goblin"]);
    expect(refusalOf(() => markUndone(undone, ["goblin"]))).toBe("notApplied");
  });
});

describe("chooseOption: the GM switches alternatives (R1–R8)", () => {
  it("before anyone saved: the option and the save kind switch", () => {
    const session = bladeBarrierSession();
    const next = chooseOption(session, 1);
    expect(next.spell.option).toMatchObject({ save: "ref", effect: "negates" });
    expect(session.spell.option.effect).toBe("half");
  });

  it("switching to an alternative with another save changes the save rolled (R1)", () => {
    const session = sessionOf(
      fireballInput({
        spell: fireballSpell({ name: "Chill Touch", saveText: "Fortitude partial or Will negates; see text", levelsByClass: { Wizard: 1, Sorcerer: 1 }, aim: "targeted" }),
        damage: { total: 4, types: ["negative"], healing: false },
      }),
    );
    expect(session.save).toBe("fort");
    const next = chooseOption(session, 1);
    expect(next.save).toBe("will");
    expect(next.spell.option.effect).toBe("negates");
  });

  it("once a target has saved → alreadySaved", () => {
    const saved = recordSave(confirmOption(bladeBarrierSession()), "goblin", rolled(5, 6));
    expect(refusalOf(() => chooseOption(saved, 1))).toBe("alreadySaved");
  });

  it("a waived target counts as having saved → alreadySaved", () => {
    const waived = recordSave(confirmOption(bladeBarrierSession()), "tordek", { kind: "waived" });
    expect(refusalOf(() => chooseOption(waived, 1))).toBe("alreadySaved");
  });

  it("a line with alternatives waits for the GM's choice: no save is taken before it (notAsked)", () => {
    const session = bladeBarrierSession();
    expect(session.choosing).toBe(true);
    expect(refusalOf(() => recordSave(session, "goblin", rolled(5, 6)))).toBe("notAsked");
    expect(fireballSession().choosing).toBe(false);
  });

  it("an index with no option → RangeError", () => {
    expect(() => chooseOption(bladeBarrierSession(), 2)).toThrow(RangeError);
  });
});

describe("markGone: a creature deleted before it saved", () => {
  it("stops waiting, takes nothing, and lets the session finish", () => {
    const session = recordAll(fireballSession(), { tordek: rolled(12, 15), lidda: rolled(9, 17) });
    expect(allSaved(session)).toBe(false);
    const next = markGone(session, ["goblin"]);
    expect(target(next, "goblin").status).toBe("gone");
    expect(amountDue(target(next, "goblin"))).toBeUndefined();
    expect(allSaved(next)).toBe(true);
  });

  it("leaves a creature that has already saved as it was", () => {
    const saved = recordSave(fireballSession(), "goblin", rolled(5, 6));
    expect(target(markGone(saved, ["goblin"]), "goblin")).toEqual(target(saved, "goblin"));
  });
});
