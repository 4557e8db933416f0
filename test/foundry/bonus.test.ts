// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { promptsOn, sessionOn } from "./cards";
import { ALICE, setupTable, type SystemName } from "./table";

describe.each<SystemName>(["pf1", "D35E"])("%s: the situational bonus in the prompt", (system) => {
  it("a bonus the dice cannot read is refused and the prompt opens again; a good one is added to the save", async () => {
    const table = await setupTable(system);
    const { world, gm, alice } = table;
    const answers = ["+2 morale", "2"];
    world.answerDialogs(ALICE, (dialog) => {
      if (!promptsOn(alice).includes(dialog)) return undefined;
      return { action: "roll", values: { bonus: answers.shift() ?? "", rollMode: "publicroll" } };
    });
    world.dice.push(10);
    await table.cast("Hold Person", [table.heroToken]);

    expect(alice.notifications.map((n) => n.message)).toContain(
      "The situational bonus «+2 morale» is not a number or a dice formula: correct it, or leave it empty.",
    );
    expect(promptsOn(alice)).toHaveLength(2);
    const hero = sessionOn(gm).targets[0];
    const will = hero?.saveBonuses.will ?? Number.NaN;
    expect(hero?.save).toMatchObject({ kind: "rolled", natural: 10, total: 10 + will + 2 });
    expect(hero?.gmFallback).toBeUndefined();
  });
});
