// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { requestSaves } from "./cards";
import { CURE_LIGHT_WOUNDS, setupTable, type SystemName } from "./table";

describe.each<SystemName>(["pf1", "D35E"])("%s: R9, the spell level is the casting class's", (system) => {
  it("Cure Light Wounds: 1st level for a cleric, 2nd for a ranger — the same caster's DC goes up by one", async () => {
    const table = await setupTable(system, { cleric: true });
    const clericId = table.clericId ?? "";
    const cast = () =>
      requestSaves(table, table.gm, (t) => ({ caster: `Actor.${clericId}`, spell: CURE_LIGHT_WOUNDS[system], targets: [t.uuid(t.heroToken)] }));

    const asCleric = await cast();
    expect(asCleric?.spell.level).toBe(1);
    const wis = asCleric?.dc.terms.find((term) => term.label === "ability.wis")?.value ?? Number.NaN;
    expect(asCleric?.dc.value).toBe(10 + 1 + wis);

    // The same spellbook, now a ranger's (SRD: Cure Light Wounds is Rgr 2).
    await table.gm.game.actors.get(clericId)?.update({ "system.attributes.spells.spellbooks.primary.class": "ranger" });
    const asRanger = await cast();
    expect(asRanger?.spell.level).toBe(2);
    expect(asRanger?.dc.value).toBe(10 + 2 + wis);
  });
});
