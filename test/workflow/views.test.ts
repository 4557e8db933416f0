import { describe, expect, it } from "vitest";
import type { SaveSession } from "../../src/workflow/session";
import { markApplied, markUndone } from "../../src/workflow/transitions";
import { fullTargetView, ownerCard, ownersOf, publicCard, type DcVisibility } from "../../src/workflow/views";
import { fireballSession, goblin, holdPersonSession, lidda, recordAll, rolled, tordek, USERS } from "./builders";

/**
 * Fireball (area, DC 16, 21 damage): the goblin fails (natural 3, total 4), Tordek saves (natural 17,
 * total 18), Lidda has not rolled yet. The goblin's 21 and Tordek's 10 are applied.
 */
function fireballAfterSaves(): SaveSession {
  const saved = recordAll(fireballSession(), { goblin: rolled(3, 4), tordek: rolled(17, 18) });
  return markApplied(
    saved,
    new Map([
      ["goblin", { temp: 0, value: 21 }],
      ["tordek", { temp: 0, value: 10 }],
    ]),
  );
}

/** Hold person (targeted, DC 16): the goblin fails (natural 3, total 2), Tordek saves (natural 15, total 16). */
function holdPersonAfterSaves(): SaveSession {
  return recordAll(holdPersonSession(), { goblin: rolled(3, 2), tordek: rolled(15, 16) });
}

describe("publicCard: a targeted spell (R13: the caster knows who resisted)", () => {
  it("R13: shows each target's outcome and roll", () => {
    const card = publicCard(holdPersonAfterSaves(), "gm");
    expect(card.aim).toBe("targeted");
    expect(card.targets).toEqual([
      { id: "goblin", name: "Goblin", img: "icons/creatures/goblin.webp", done: true, outcome: "failed", natural: 3, total: 2 },
      { id: "tordek", name: "Tordek", done: true, outcome: "saved", natural: 15, total: 16 },
    ]);
  });

  it("R11: a waived save shows as 'waived', with no roll", () => {
    const card = publicCard(recordAll(holdPersonSession(), { tordek: { kind: "waived" } }), "gm");
    const row = card.targets.find((t) => t.id === "tordek");
    expect(row).toEqual({ id: "tordek", name: "Tordek", done: true, outcome: "waived" });
  });

  it("a target still waiting shows no outcome", () => {
    const row = publicCard(holdPersonSession(), "gm").targets[0];
    expect(row).toEqual({ id: "goblin", name: "Goblin", img: "icons/creatures/goblin.webp", done: false });
  });

  it("shows the hit points taken once applied, and hides them again after an undo", () => {
    const base = fireballSession();
    const session: SaveSession = { ...base, spell: { ...base.spell, aim: "targeted" } };
    const saved = recordAll(session, { goblin: rolled(3, 4) });
    const applied = markApplied(saved, new Map([["goblin", { temp: 5, value: 16 }]]));
    expect(publicCard(applied, "gm").targets[0]?.applied).toBe(21);
    expect(publicCard(markUndone(applied, ["goblin"]), "gm").targets[0]).not.toHaveProperty("applied");
  });

  it("carries the spell, save, effect, harmless flag and open state", () => {
    const card = publicCard(holdPersonSession(), "everyone");
    expect(card).toMatchObject({ sessionId: "session-hold", spell: { name: "Hold Person" }, save: "will", effect: "negates", harmless: false, open: true });
  });
});

describe("publicCard: an area spell (R13: the caster's player must not receive per-target outcomes)", () => {
  it("R13: each row has only id, name, image and progress", () => {
    const card = publicCard(fireballAfterSaves(), "gm");
    expect(card.aim).toBe("area");
    expect(card.targets.map((t) => t.done)).toEqual([true, true, false]);
    for (const row of card.targets) {
      expect(row).not.toHaveProperty("outcome");
      expect(row).not.toHaveProperty("natural");
      expect(row).not.toHaveProperty("total");
      expect(row).not.toHaveProperty("applied");
      expect(Object.keys(row).sort()).toEqual(row.img ? ["done", "id", "img", "name"] : ["done", "id", "name"]);
    }
  });

  it("R13: the whole card, as it would be stored in flags, carries no outcome word and no roll or damage number", () => {
    const json = JSON.stringify(publicCard(fireballAfterSaves(), "gm"));
    expect(json).not.toMatch(/saved|failed|waived/);
    expect(json).not.toMatch(/natural|total|applied|outcome/);
    // the goblin rolled 3 (total 4) and took 21; Tordek rolled 17 (total 18) and took 10
    expect(json).not.toMatch(/\b(3|4|17|18|21|10)\b/);
  });

  it("R13: a waived save is not revealed on an area spell's public card either", () => {
    const json = JSON.stringify(publicCard(recordAll(fireballSession(), { lidda: { kind: "waived" } }), "gm"));
    expect(json).not.toContain("waived");
  });

  it("R13: the same session as a targeted spell does show the outcomes (the redaction depends on the aim)", () => {
    const session = fireballAfterSaves();
    const targeted: SaveSession = { ...session, spell: { ...session.spell, aim: "targeted" } };
    expect(JSON.stringify(publicCard(targeted, "gm"))).toMatch(/failed/);
  });
});

describe("publicCard: DC visibility", () => {
  it.each<[DcVisibility, number | undefined]>([
    ["everyone", 16],
    ["owners", undefined],
    ["gm", undefined],
  ])("visibility %s → dc %s", (visibility, dc) => {
    const card = publicCard(fireballSession(), visibility);
    if (dc === undefined) expect(card).not.toHaveProperty("dc");
    else expect(card.dc).toBe(dc);
  });
});

describe("ownerCard: what each owner of an area spell's targets learns (R13)", () => {
  it("R13: Alice's card has Tordek's full outcome, roll and damage", () => {
    const card = ownerCard(fireballAfterSaves(), USERS.alice, "gm");
    expect(card?.targets).toEqual([{ id: "tordek", name: "Tordek", done: true, outcome: "saved", natural: 17, total: 18, applied: 10 }]);
    expect(card).toMatchObject({ sessionId: "session-fireball", spell: { name: "Fireball" }, save: "ref", effect: "half" });
  });

  it("R13: Alice's card says nothing of the other targets", () => {
    const json = JSON.stringify(ownerCard(fireballAfterSaves(), USERS.alice, "gm"));
    expect(json).not.toContain("goblin");
    expect(json).not.toContain("Goblin");
    expect(json).not.toContain("lidda");
    expect(json).not.toContain("failed");
  });

  it("Bob's card shows Lidda still waiting", () => {
    expect(ownerCard(fireballAfterSaves(), USERS.bob, "gm")?.targets).toEqual([{ id: "lidda", name: "Lidda", done: false }]);
  });

  it("a user who owns several targets sees them all", () => {
    const session = fireballSession({ targets: [goblin(), tordek(), lidda("evasion", { ownerIds: [USERS.alice, USERS.bob] })] });
    expect(ownerCard(session, USERS.alice, "gm")?.targets.map((t) => t.id)).toEqual(["tordek", "lidda"]);
  });

  it("the caster's player, owning no target, gets no owner card", () => {
    expect(ownerCard(fireballAfterSaves(), USERS.casterPlayer, "everyone")).toBeUndefined();
  });

  it("a targeted spell has no owner cards (the public card already shows everything)", () => {
    expect(ownerCard(holdPersonAfterSaves(), USERS.alice, "everyone")).toBeUndefined();
  });

  it.each<[DcVisibility, number | undefined]>([
    ["everyone", 16],
    ["owners", 16],
    ["gm", undefined],
  ])("DC visibility %s → the owner card's dc is %s", (visibility, dc) => {
    const card = ownerCard(fireballSession(), USERS.alice, visibility);
    expect(card).toBeDefined();
    if (dc === undefined) expect(card).not.toHaveProperty("dc");
    else expect(card?.dc).toBe(dc);
  });
});

describe("ownersOf and fullTargetView", () => {
  it("ownersOf lists each owning user once, and no one for GM creatures", () => {
    const session = fireballSession({ targets: [goblin(), tordek(), lidda(), tordek({ id: "tordek-2", name: "Tordek (mirror)" })] });
    expect(ownersOf(session)).toEqual([USERS.alice, USERS.bob]);
  });

  it("ownersOf is empty when only GM creatures are targeted", () => {
    expect(ownersOf(fireballSession({ targets: [goblin()] }))).toEqual([]);
  });

  it("fullTargetView counts temporary and normal hit points taken together; a heal shows negative", () => {
    const session = recordAll(holdPersonSession(), { goblin: rolled(3, 2) });
    const [row] = session.targets;
    if (!row) throw new Error("no target");
    expect(fullTargetView({ ...row, damage: { proposed: 12, taken: { temp: 5, value: 7 } } }).applied).toBe(12);
    expect(fullTargetView({ ...row, damage: { proposed: 8, taken: { temp: 0, value: -8 } } }).applied).toBe(-8);
  });
});

describe("hidden tokens on the public card", () => {
  it("a hidden creature's row names nobody and shows no picture; the owner's card still does", () => {
    const session = fireballSession();
    const hidden = { ...session, targets: session.targets.map((t) => (t.id === "tordek" ? { ...t, hidden: true, img: "tordek.webp" } : t)) };
    const row = publicCard(hidden, "owners").targets.find((t) => t.id === "tordek");
    expect(row).toMatchObject({ name: "", unseen: true });
    expect(row).not.toHaveProperty("img");
    expect(JSON.stringify(publicCard(hidden, "owners"))).not.toContain("Tordek");
    expect(ownerCard(hidden, USERS.alice, "owners")?.targets.find((t) => t.id === "tordek")?.name).toBe("Tordek");
  });
});
