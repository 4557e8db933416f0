// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import { Actor, ChatMessage, CONST, createWorld, DialogV2, Roll, type Client, type World } from "./index";
import type { Data } from "./utils";

const HERE = dirname(fileURLToPath(import.meta.url));
const FIXTURE_ROOT = resolve(HERE, "fixtures");
const SHARED = resolve(HERE, "../../../shared/data");

function loadActor(path: string): Data {
  return JSON.parse(readFileSync(resolve(SHARED, path), "utf8")) as Data;
}

/** A tiny stand-in for the module's registerModule(): registrations made per client. */
function fakeModule(): void {
  const g = globalThis as unknown as { Hooks: { once(h: string, fn: () => void): void }; game: Client["game"] };
  g.Hooks.once("init", () => {
    g.game.settings.register("d20-spell-saves", "mode", { scope: "world", type: String, default: "a", config: true });
    g.game.settings.register("d20-spell-saves", "local", { scope: "client", type: Number, default: 1 });
    const mod = g.game.modules.get("d20-spell-saves");
    if (mod) mod.api = { owner: g.game.user.name };
  });
}

interface Table {
  world: World;
  gm: Client;
  alice: Client;
  bob: Client;
  carol: Client;
  aliceActor: string;
  goblin: string;
  scene: string;
  linkedToken: string;
  unlinkedToken: string;
}

async function table(system: "pf1" | "D35E" = "pf1"): Promise<Table> {
  const world = createWorld({ system, root: FIXTURE_ROOT }).boot(fakeModule);
  world.addUser({ id: "GM1", name: "Gamemaster", role: "GAMEMASTER" });
  world.addUser({ id: "P1", name: "Alice" });
  world.addUser({ id: "P2", name: "Bob", lang: "fr" });
  world.addUser({ id: "P3", name: "Carol" });
  const aliceActor = world.addActor({ _id: "aliceActor000001", name: "Alice's hero", type: "character", system: { attributes: { hp: { value: 10, max: 10 }, savingThrows: { ref: { total: 4 }, fort: { total: 2 }, will: { total: 1 } } } } }, { owners: ["P1"] })._id;
  const goblin = world.addActor(loadActor("actors-pf1/goblin.json"), { overrides: { "system.attributes.savingThrows.ref.total": 2, "system.attributes.hp.value": 6 } })._id;
  const scene = world.addScene({ id: "scene00000000001", name: "Cave" })._id;
  const linkedToken = world.addToken(scene, { id: "tokLinked0000001", actorId: aliceActor, actorLink: true })._id;
  const unlinkedToken = world.addToken(scene, { id: "tokGoblin0000001", actorId: goblin, actorLink: false, delta: { name: "Goblin A" } })._id;
  const gm = await world.addClient("GM1");
  const alice = await world.addClient("P1");
  const bob = await world.addClient("P2");
  const carol = await world.addClient("P3");
  return { world, gm, alice, bob, carol, aliceActor, goblin, scene, linkedToken, unlinkedToken };
}

/** Record a hook's calls on every client: [client name, userId argument]. */
function spy(t: Table, hook: string): [string, unknown][] {
  const calls: [string, unknown][] = [];
  for (const c of [t.gm, t.alice, t.bob, t.carol]) {
    c.hooks.on(hook, (...args: unknown[]) => {
      calls.push([c.name, args[args.length - 1]]);
    });
  }
  return calls;
}

let t: Table;
beforeEach(async () => {
  t = await table();
});

describe("booting the module per client", () => {
  it("runs the registration, init and ready inside each client's own store", () => {
    for (const c of [t.gm, t.alice, t.bob, t.carol]) {
      expect(c.hooks.count("init")).toBe(1);
      expect(c.hooks.count("ready")).toBe(1);
      expect(c.game.ready).toBe(true);
      expect(c.game.modules.get("d20-spell-saves")?.api).toEqual({ owner: c.name });
    }
    expect("__d20Harness" in globalThis).toBe(true);
  });

  it("resolves the globals to the running client, through awaits", async () => {
    const g = globalThis as unknown as { game: Client["game"] };
    const names = await Promise.all(
      [t.alice, t.bob].map((c) =>
        c.run(async () => {
          await new Promise((r) => setTimeout(r, 1));
          return g.game.user.name;
        }),
      ),
    );
    expect(names).toEqual(["Alice", "Bob"]);
    expect(() => g.game).toThrow(/outside any simulated client/);
  });

  it("designates the active GM: a GAMEMASTER before an ASSISTANT, then the lowest id", async () => {
    await t.world.addClient({ id: "GM0", name: "Assistant", role: "ASSISTANT" });
    await t.world.addClient({ id: "GM2", name: "Second GM", role: "GAMEMASTER" });
    expect(t.alice.game.users.activeGM?.id).toBe("GM1");
    await t.world.setActive("GM1", false);
    expect(t.alice.game.users.activeGM?.id).toBe("GM2");
    expect(t.world.activeGM()?._id).toBe("GM2");
  });
});

describe("chat delivery", () => {
  it("delivers a whisper to its recipients, its author and the GMs only, with the attested author", async () => {
    const created = spy(t, "createChatMessage");
    const msg = await t.alice.run(() => ChatMessage.create({ content: "psst", whisper: ["P2"], author: "GM1" }));
    await t.world.settle();
    expect(msg?.author?.id).toBe("P1"); // the server overwrote the forged author
    expect(created).toEqual([
      ["Gamemaster", "P1"],
      ["Alice", "P1"],
      ["Bob", "P1"],
    ]);
    expect(t.carol.game.messages.get(msg?.id ?? "")).toBeUndefined();
    expect(t.bob.game.messages.get(msg?.id ?? "")).not.toBe(msg); // each client has its own copy
  });

  it("delivers a private roll to every client, flags included, content hidden from the others", async () => {
    t.world.dice.push(17);
    const created = spy(t, "createChatMessage");
    const msg = (await t.alice.run(async () => {
      const roll = await new Roll("1d20 + 3").evaluate();
      return roll.toMessage({ flavor: "secret", flags: { x: { y: 1 } } }, { rollMode: CONST.DICE_ROLL_MODES.PRIVATE });
    })) as ChatMessage;
    await t.world.settle();
    expect(created.map((c) => c[0])).toEqual(["Gamemaster", "Alice", "Bob", "Carol"]);
    expect(msg.whisper).toEqual(["GM1"]);
    const carolCopy = t.carol.message(msg.id);
    expect(carolCopy?.getFlag("x", "y")).toBe(1);
    expect(carolCopy?.rolls[0]?.total).toBe(20);
    expect(carolCopy?.rolls[0]?.dice[0]?.results[0]?.result).toBe(17);
    expect(carolCopy?.isContentVisible).toBe(false);
    expect(t.carol.text(msg.id)).toContain("rolled privately");
    expect(t.gm.text(msg.id)).toContain("20");
  });

  it("lets players update and delete only their own messages", async () => {
    const msg = await t.alice.run(() => ChatMessage.create({ content: "mine" }));
    await t.world.settle();
    const bobCopy = t.bob.message(msg?.id ?? "");
    await expect(bobCopy?.update({ content: "hacked" })).rejects.toThrow(/Bob lacks permission to update ChatMessage/);
    await expect(bobCopy?.delete()).rejects.toThrow(/lacks permission/);
    const updated = spy(t, "updateChatMessage");
    await msg?.setFlag("d20-spell-saves", "state", "open");
    await t.world.settle();
    expect(updated).toHaveLength(4);
    expect(t.carol.message(msg?.id ?? "")?.getFlag("d20-spell-saves", "state")).toBe("open");
    const gmCopy = t.gm.message(msg?.id ?? "");
    const deleted = spy(t, "deleteChatMessage");
    await gmCopy?.delete();
    await t.world.settle();
    expect(deleted.map((d) => d[1])).toEqual(["GM1", "GM1", "GM1", "GM1"]);
    expect(t.alice.message(msg?.id ?? "")).toBeUndefined();
  });

  it("renders messages per client and runs click listeners in that client's store", async () => {
    const seen: string[] = [];
    for (const c of [t.gm, t.alice]) {
      c.hooks.on("renderChatMessageHTML", (_message: unknown, html: unknown) => {
        const el = html as HTMLElement;
        el.querySelector("button")?.addEventListener("click", () => {
          seen.push((globalThis as unknown as { game: Client["game"] }).game.user.name);
        });
      });
    }
    const msg = await t.gm.run(() => ChatMessage.create({ content: `<p>Save!</p><button data-action="roll">Roll</button>` }));
    await t.world.settle();
    const li = t.alice.element(msg?.id ?? "");
    expect(li?.classList.contains("chat-message")).toBe(true);
    expect(li?.dataset.messageId).toBe(msg?.id);
    expect(t.alice.text(msg?.id ?? "")).toContain("Save!");
    await t.alice.click(li?.querySelector("button") as Element);
    expect(seen).toEqual(["Alice"]);
    const again = await t.world.render("P1", msg?.id ?? "");
    expect(again).not.toBe(li);
    expect(t.alice.hooks.count("renderChatMessageHTML")).toBe(2);
  });
});

describe("actors, tokens and permissions", () => {
  it("refuses a player's update to an actor it does not own, writing nothing", async () => {
    const goblinForAlice = t.alice.game.actors.get(t.goblin);
    expect(goblinForAlice?.isOwner).toBe(false);
    await expect(goblinForAlice?.update({ "system.attributes.hp.value": 1 })).rejects.toThrow(/Alice lacks permission to update Actor/);
    expect(t.world.actors.get(t.goblin)?.system).toMatchObject({ attributes: { hp: { value: 6 } } });
    expect(t.world.writeCount()).toBe(0);
    // A batch is all or nothing, one request.
    await expect(
      t.alice.run(() => Actor.updateDocuments([{ _id: t.aliceActor, "system.attributes.hp.value": 5 }, { _id: t.goblin, "system.attributes.hp.value": 1 }])),
    ).rejects.toThrow(/lacks permission/);
    expect(t.world.actors.get(t.aliceActor)?.system).toMatchObject({ attributes: { hp: { value: 10 } } });
  });

  it("counts a GM's batch update as one write request changing two documents", async () => {
    const updated = spy(t, "updateActor");
    const done = await t.gm.run(() =>
      Actor.updateDocuments([
        { _id: t.aliceActor, "system.attributes.hp.value": 5 },
        { _id: t.goblin, "system.attributes.hp.value": 1 },
      ]),
    );
    await t.world.settle();
    expect(done.map((a) => a.id)).toEqual([t.aliceActor, t.goblin]);
    expect(t.world.writes).toEqual({ Actor: { update: 1 } });
    expect(t.world.writesByUser.GM1).toEqual({ Actor: { update: 1 } });
    expect(t.world.writeLog[0]).toMatchObject({ documents: 2, userId: "GM1" });
    expect(updated).toHaveLength(8);
    expect(t.bob.game.actors.get(t.goblin)?.system).toMatchObject({ attributes: { hp: { value: 1 } } });
    // No change, no request.
    await t.gm.game.actors.get(t.goblin)?.update({ "system.attributes.hp.value": 1 });
    expect(t.world.writeCount()).toBe(1);
    t.world.resetWrites();
    expect(t.world.writes).toEqual({});
  });

  it("gives a linked token the world actor and an unlinked one a synthetic actor over the delta", async () => {
    const scene = t.gm.game.scenes.get(t.scene);
    const linked = scene?.tokens.get(t.linkedToken);
    const unlinked = scene?.tokens.get(t.unlinkedToken);
    expect(linked?.actor).toBe(t.gm.game.actors.get(t.aliceActor));
    const synthetic = unlinked?.actor;
    expect(synthetic?.uuid).toBe(`Scene.${t.scene}.Token.${t.unlinkedToken}.Actor.${t.goblin}`);
    expect(synthetic?.name).toBe("Goblin A");
    expect(t.gm.run(() => (globalThis as unknown as { fromUuidSync(u: string): unknown }).fromUuidSync(synthetic?.uuid ?? ""))).toBe(synthetic);
    await synthetic?.update({ "system.attributes.hp.value": 2 });
    await t.world.settle();
    expect(t.world.actors.get(t.goblin)?.system).toMatchObject({ attributes: { hp: { value: 6 } } });
    expect(t.world.scenes.get(t.scene)?.tokens[1]?.delta).toMatchObject({ system: { attributes: { hp: { value: 2 } } } });
    expect(t.world.writes).toEqual({ ActorDelta: { update: 1 } });
    const carolView = t.carol.game.scenes.get(t.scene)?.tokens.get(t.unlinkedToken)?.actor;
    expect(carolView?.system).toMatchObject({ attributes: { hp: { value: 2 } } });
    expect(t.carol.game.actors.get(t.goblin)?.system).toMatchObject({ attributes: { hp: { value: 6 } } });
    const item = synthetic?.items.contents[0];
    expect(item?.uuid).toBe(`${synthetic?.uuid}.Item.${item?.id}`);
  });

  it("fires deleteActor on every client and leaves tokens without an actor", async () => {
    const deleted = spy(t, "deleteActor");
    await t.world.deleteActor(t.goblin);
    expect(deleted).toHaveLength(4);
    const token = t.alice.game.scenes.get(t.scene)?.tokens.get(t.unlinkedToken);
    expect(token?.actor).toBeNull();
    expect(t.alice.run(() => (globalThis as unknown as { fromUuidSync(u: string): unknown }).fromUuidSync(`Actor.${t.goblin}`))).toBeNull();
  });

  it("keeps targets per user, seen by every client", () => {
    t.world.target("P1", [t.unlinkedToken]);
    expect([...t.alice.user.targets].map((tk) => tk.id)).toEqual([t.unlinkedToken]);
    expect([...(t.gm.game.users.get("P1")?.targets ?? [])].map((tk) => tk.document.id)).toEqual([t.unlinkedToken]);
    expect(t.gm.user.targets.size).toBe(0);
  });
});

describe("queries and the module socket", () => {
  it("runs a query on the target's client without telling it the sender", async () => {
    const received: unknown[][] = [];
    t.gm.config.queries["d20-spell-saves.ask"] = (...args: unknown[]) => {
      received.push(args);
      return { answeredBy: (globalThis as unknown as { game: Client["game"] }).game.user.name };
    };
    const result = await t.alice.run(() => t.alice.game.users.get("GM1")?.query("d20-spell-saves.ask", { userId: "forged" }, { timeout: 500 }));
    expect(result).toEqual({ answeredBy: "Gamemaster" });
    expect(received).toEqual([[{ userId: "forged" }, { timeout: 500 }]]);
    await expect(t.alice.game.users.get("P2")?.query("d20-spell-saves.ask", {})).rejects.toThrow(/not registered/);
    t.bob.config.queries["d20-spell-saves.slow"] = () => new Promise(() => undefined);
    await expect(t.alice.game.users.get("P2")?.query("d20-spell-saves.slow", {}, { timeout: 5 })).rejects.toThrow(/timed out/);
    await t.world.setActive("P2", false);
    await expect(t.alice.game.users.get("P2")?.query("d20-spell-saves.ask", {})).rejects.toThrow(/not active/);
  });

  it("delivers socket messages to the other clients with the server's sender id", async () => {
    const got: [string, unknown, unknown][] = [];
    for (const c of [t.gm, t.alice, t.bob]) {
      c.game.socket.on("module.d20-spell-saves", (data, sender) => {
        got.push([c.name, data, sender]);
      });
    }
    t.alice.game.socket.emit("module.d20-spell-saves", { kind: "save", senderId: "GM1" });
    await t.world.settle();
    expect(got).toEqual([
      ["Gamemaster", { kind: "save", senderId: "GM1" }, "P1"],
      ["Bob", { kind: "save", senderId: "GM1" }, "P1"],
    ]);
  });
});

describe("dice", () => {
  it("rolls only queued results and says so when the queue is empty", async () => {
    t.world.dice.push(3, 4, 5);
    const roll = await t.gm.run(() => new Roll("2d6 + @bonus[Bonus] - 1", { bonus: 2 }).evaluate());
    expect(roll.total).toBe(8);
    expect(roll.dice[0]?.results.map((r) => r.result)).toEqual([3, 4]);
    const copy = Roll.fromJSON(JSON.stringify(roll.toJSON()));
    expect(copy.total).toBe(8);
    expect(() => new Roll("1d4").evaluateSync()).toThrow(/cannot come from a d4/);
    await expect(t.gm.run(() => new Roll("1d20").evaluate())).rejects.toThrow(/Fixed dice exhausted/);
  });

  it("evaluates parentheses as one value, and finds the dice inside them", async () => {
    t.world.dice.push(12, 3);
    const roll = await t.gm.run(() => new Roll("1d20 + @save + (-30) - (1d4 + 1) * 2", { save: 2 }).evaluate());
    expect(roll.total).toBe(12 + 2 - 30 - (3 + 1) * 2);
    expect(roll.dice.map((d) => d.total)).toEqual([12, 3]);
    const copy = Roll.fromJSON(JSON.stringify(roll.toJSON()));
    expect(copy.total).toBe(roll.total);
    expect(copy.dice.map((d) => d.total)).toEqual([12, 3]);
  });
});

describe("settings", () => {
  it("keeps world settings on the server (GM only) and client settings per client", async () => {
    const changes: string[] = [];
    for (const c of [t.gm, t.alice]) {
      const config = c.game.settings.settings.get("d20-spell-saves.mode");
      if (config) config.onChange = (v) => changes.push(`${c.name}:${String(v)}`);
    }
    await expect(t.alice.game.settings.set("d20-spell-saves", "mode", "b")).rejects.toThrow(/lacks permission/);
    await t.gm.game.settings.set("d20-spell-saves", "mode", "b");
    expect(t.carol.game.settings.get("d20-spell-saves", "mode")).toBe("b");
    expect(changes).toEqual(["Gamemaster:b", "Alice:b"]);
    await t.alice.game.settings.set("d20-spell-saves", "local", 5);
    expect(t.alice.game.settings.get("d20-spell-saves", "local")).toBe(5);
    expect(t.bob.game.settings.get("d20-spell-saves", "local")).toBe(1);
    expect(() => t.bob.game.settings.get("d20-spell-saves", "nope")).toThrow(/not a registered game setting/);
    expect(t.world.writes).toEqual({ Setting: { update: 1 } });
  });
});

describe("dialogs", () => {
  it("lets scripted users answer DialogV2 calls, or leaves them pending", async () => {
    t.world.answerDialogs("P1", (d) => (d.kind === "input" ? { action: "ok", values: { dc: 17, harmless: true } } : d.kind === "confirm" ? "no" : undefined));
    const input = await t.alice.run(() =>
      DialogV2.input({ window: { title: "DC" }, content: `<input name="dc" type="number"><input name="harmless" type="checkbox">` }),
    );
    expect(input).toEqual({ dc: 17, harmless: true });
    expect(await t.alice.run(() => DialogV2.confirm({ content: "Sure?" }))).toBe(false);
    const waiting = t.alice.run(() =>
      DialogV2.wait({
        window: { title: "Pick" },
        content: `<select name="save"><option value="fort">Fort</option><option value="ref">Ref</option></select>`,
        buttons: [
          { action: "go", label: "Go", callback: (_e, button) => (button.form?.elements.namedItem("save") as HTMLSelectElement).value },
          { action: "cancel", label: "Cancel" },
        ],
      }),
    );
    await t.world.settle();
    const [pending] = t.world.pendingDialogs("P1");
    expect(pending?.title).toBe("Pick");
    expect(pending?.buttonList.map((b) => b.action)).toEqual(["go", "cancel"]);
    await pending?.press("go", { save: "ref" });
    expect(await waiting).toBe("ref");
    const closed = t.alice.run(() => DialogV2.wait({ buttons: [{ action: "a", label: "A" }], rejectClose: true }));
    t.world.pendingDialogs("P1")[0]?.close();
    await expect(closed).rejects.toThrow(/dismissed/);
    expect(t.world.dialogs("P1")).toHaveLength(4);
  });

  it("shows a dialog on another user's client through DialogV2.query (actions, no callbacks)", async () => {
    t.world.answerDialogs("P2", () => "b");
    const result = await t.gm.run(() =>
      DialogV2.query("P2", "wait", { content: "?", buttons: [{ action: "a", label: "A" }, { action: "b", label: "B", callback: () => "lost" }] }),
    );
    expect(result).toBe("b");
    expect(t.bob.dialogs[0]?.kind).toBe("wait");
  });
});

describe("i18n and templates", () => {
  it("localizes per client language with English fallback and records missing keys", async () => {
    expect(t.alice.game.i18n.localize("D20SS.Probe.Title")).toBe("Saving throw");
    expect(t.bob.game.i18n.localize("D20SS.Probe.Title")).toBe("Jet de sauvegarde");
    expect(t.bob.game.i18n.localize("D20SS.Probe.OnlyEnglish")).toBe("English only");
    expect(t.bob.game.i18n.format("D20SS.Probe.Greeting", { name: "Bob" })).toBe("Bonjour Bob");
    expect(t.bob.game.i18n.localize("D20SS.Nope")).toBe("D20SS.Nope");
    expect(t.world.missingKeys("D20SS.")).toEqual(["D20SS.Nope"]);
    const html = await t.bob.run(async () => {
      const hb = (globalThis as unknown as { foundry: { applications: { handlebars: { loadTemplates(p: string[]): Promise<void>; renderTemplate(p: string, d: unknown): Promise<string> } } } }).foundry.applications.handlebars;
      await hb.loadTemplates(["modules/d20-spell-saves/templates/part.hbs"]);
      return hb.renderTemplate("modules/d20-spell-saves/templates/probe.hbs", { name: "Bob", save: "ref", dc: 15 });
    });
    expect(html).toContain("Jet de sauvegarde Bonjour Bob");
    expect(html).toContain(`<span class="save">ref</span>`);
    expect(html).toContain(`<em class="part">DC 15</em>`);
  });
});

describe("system saving throws", () => {
  it("pf1: rolls the save as the owner and posts the system's message", async () => {
    t.world.dice.push(15);
    const actor = t.alice.game.actors.get(t.aliceActor);
    const msg = (await actor?.rollSavingThrow("ref", { skipDialog: true, rollMode: "publicroll" })) as ChatMessage;
    expect(msg.getFlag("pf1", "subject")).toEqual({ save: "ref" });
    expect(msg.rolls[0]?.total).toBe(19);
    expect((msg.rolls[0] as unknown as { natural: number }).natural).toBe(15);
    expect(msg.author?.id).toBe("P1");
    const refused = await t.bob.game.actors.get(t.aliceActor)?.rollSavingThrow("ref", { skipDialog: true });
    expect(refused).toBeUndefined();
    expect(t.bob.notifications.at(-1)?.type).toBe("warn");
  });

  it("D35E: opens its roll dialog, then whispers the result to the GMs without rolls", async () => {
    const d = await table("D35E");
    d.world.dice.push(16);
    d.world.answerDialogs("P1", (dialog) => (dialog.kind === "system" ? { action: "roll", values: { rollMode: "gmroll" } } : undefined));
    const actor = d.alice.game.actors.get(d.aliceActor);
    const roll = (await actor?.rollSavingThrow("ref", null, 17, {})) as Roll;
    await d.world.settle();
    expect(roll.total).toBe(20);
    const msg = d.gm.messages.at(-1);
    expect(msg?.whisper).toEqual(["GM1"]);
    expect(msg?.rolls).toEqual([]);
    expect(msg?.getFlag("D35E", "chatTemplateData")).toMatchObject({ total: 20, target: 17, success: true, saveTypeName: "Reflex" });
    expect(d.bob.message(msg?.id ?? "")).toBeUndefined();
  });
});

describe("going offline", () => {
  it("stops delivery to an offline client and reboots it when it comes back", async () => {
    await t.world.setActive("P3", false);
    expect(t.alice.game.users.get("P3")?.active).toBe(false);
    const msg = await t.gm.run(() => ChatMessage.create({ content: "while away" }));
    await t.world.settle();
    expect(t.carol.message(msg?.id ?? "")).toBeUndefined();
    await t.world.setActive("P3", true);
    expect(t.carol.message(msg?.id ?? "")?.content).toBe("while away");
    expect(t.carol.hooks.count("init")).toBe(1);
    expect(t.carol.hooks.count("createChatMessage")).toBe(0);
  });
});

describe("embedded items and applications", () => {
  it("updates items of world and synthetic actors, each as one request", async () => {
    const goblinItem = t.gm.game.actors.get(t.goblin)?.items.contents[0];
    const synthetic = t.gm.game.scenes.get(t.scene)?.tokens.get(t.unlinkedToken)?.actor;
    const syntheticItem = synthetic?.items.get(goblinItem?.id ?? "");
    const updated = spy(t, "updateItem");
    await syntheticItem?.update({ "system.hp.value": 1 });
    await t.world.settle();
    expect(t.world.scenes.get(t.scene)?.tokens[1]?.delta.items).toHaveLength(1);
    expect(t.bob.game.actors.get(t.goblin)?.items.get(goblinItem?.id ?? "")?.system.hp).not.toEqual({ value: 1 });
    expect(synthetic?.items.get(goblinItem?.id ?? "")?.system).toMatchObject({ hp: { value: 1 } });
    await goblinItem?.update({ name: "Renamed" });
    await t.world.settle();
    expect(t.alice.game.actors.get(t.goblin)?.items.get(goblinItem?.id ?? "")?.name).toBe("Renamed");
    expect(t.world.writes).toEqual({ Item: { update: 2 } });
    expect(updated).toHaveLength(8);
    await expect(t.alice.game.actors.get(t.goblin)?.items.contents[0]?.update({ name: "x" })).rejects.toThrow(/lacks permission/);
  });

  it("renders a HandlebarsApplicationMixin(ApplicationV2) with PARTS and data-action clicks", async () => {
    const api = (globalThis as unknown as {
      foundry: { applications: { api: { ApplicationV2: new () => { render(): Promise<unknown>; element: HTMLElement | null }; HandlebarsApplicationMixin: <T>(b: T) => T } } };
    }).foundry.applications.api;
    const { ApplicationV2, HandlebarsApplicationMixin } = api;
    const clicks: string[] = [];
    class Probe extends HandlebarsApplicationMixin(ApplicationV2) {
      static DEFAULT_OPTIONS = {
        id: "probe",
        actions: {
          hello() {
            clicks.push((globalThis as unknown as { game: Client["game"] }).game.user.name);
          },
        },
      };
      static PARTS = { main: { template: "modules/d20-spell-saves/templates/part.hbs" } };
      _prepareContext() {
        return Promise.resolve({ dc: 12 });
      }
    }
    const app = new Probe();
    await t.alice.run(() => app.render());
    expect(app.element?.textContent).toContain("DC 12");
    app.element?.insertAdjacentHTML("beforeend", `<button data-action="hello">hi</button>`);
    await t.alice.click(app.element?.querySelector("button") as Element);
    expect(clicks).toEqual(["Alice"]);
  });

  it("pf1 opens its roll dialog unless skipDialog, and a closed dialog rolls nothing", async () => {
    const actor = t.alice.game.actors.get(t.aliceActor);
    const closed = actor?.rollSavingThrow("will");
    await t.world.settle();
    const [dialog] = t.world.pendingDialogs("P1");
    expect(dialog?.kind).toBe("system");
    dialog?.close();
    expect(await closed).toBeUndefined();
    t.world.dice.push(10);
    t.world.answerDialogs("P1", () => ({ action: "roll", values: { bonus: "2", rollMode: "blindroll" } }));
    const msg = (await actor?.rollSavingThrow("will")) as ChatMessage;
    expect(msg.rolls[0]?.total).toBe(13);
    expect(msg.blind).toBe(true);
  });
});
