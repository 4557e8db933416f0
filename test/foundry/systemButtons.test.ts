// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { setupTable, type SystemName } from "./table";

const SYSTEM_SAVE_BUTTON = { pf1: 'button[data-action="save"]', D35E: 'button[data-action="rollSave"]' } as const;

describe.each<SystemName>(["pf1", "D35E"])("%s: the system's own save buttons on a cast card", (system) => {
  it("go by default, and stay for a user who asks for them on their own computer", async () => {
    const table = await setupTable(system);
    const castId = await table.cast("Hold Person", [table.heroToken]);

    const bobs = await table.bob.render(castId);
    expect(bobs.querySelector(SYSTEM_SAVE_BUTTON[system])).toBeNull();

    await table.alice.run(() => game.settings.set("d20-spell-saves", "systemSaveButtons", true));
    const alices = await table.alice.render(castId);
    expect(alices.querySelector(SYSTEM_SAVE_BUTTON[system])).not.toBeNull();
    // Bob's choice is his own: a client setting does not change other computers.
    expect((await table.bob.render(castId)).querySelector(SYSTEM_SAVE_BUTTON[system])).toBeNull();
  });
});
