// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { answerPrompts, cardId, promptsOn, sessionOn } from "./cards";
import { ALICE, setupTable, type SystemName } from "./table";

describe.each<SystemName>(["pf1", "D35E"])("%s: the GM deletes the public card mid-session", (system) => {
  it("the save still reaches the GM card, and nothing fails", async () => {
    const table = await setupTable(system);
    const { world, gm, alice } = table;
    await table.cast("Hold Person", [table.heroToken]);
    expect(promptsOn(alice)).toHaveLength(1);
    await gm.run(() => gm.game.messages.get(cardId(gm, "card"))?.delete());
    await world.settle();

    world.dice.push(18);
    answerPrompts(world, ALICE, { roll: "" });
    await world.settle();
    expect(sessionOn(gm).targets[0]?.save).toMatchObject({ kind: "rolled", natural: 18 });
    expect([...gm.notifications, ...alice.notifications].map((n) => n.message).join(" ")).not.toMatch(/went wrong/);
  });
});
