// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { cardsOf, sessionOn } from "./cards";
import { BOB, setupTable, type SystemName } from "./table";

describe.each<SystemName>(["pf1", "D35E"])("%s: a cast whose message names no targets", (system) => {
  it("takes the caster's own targets at cast time, which only the caster's client knows", async () => {
    const table = await setupTable(system);
    table.world.target(BOB, [table.heroToken, table.goblinTokens[0] ?? ""]);
    await table.cast("Hold Person", []);
    expect(sessionOn(table.gm).targets.map((t) => t.id)).toEqual([table.uuid(table.heroToken), table.uuid(table.goblinTokens[0] ?? "")]);
  });

  it("with no targets at all, starts nothing and tells the caster's player what to do", async () => {
    const table = await setupTable(system);
    await table.cast("Hold Person", []);
    expect(cardsOf(table.gm, "session")).toHaveLength(0);
    expect(table.bob.notifications.map((n) => n.message)).toContain(
      "Hold Person: no targets, so no saves were requested. Target tokens before casting.",
    );
  });
});
