import { bench, describe } from "vitest";
import { createSession, type TargetInput } from "../src/workflow/createSession";
import type { SaveSession } from "../src/workflow/session";
import { recordSave } from "../src/workflow/transitions";
import { ownerCard, publicCard } from "../src/workflow/views";
import { gmCardContext } from "../src/foundry/presenters";

/** One Fireball on fifty creatures: the work the acting GM's client does besides Foundry's own. */
const targets: TargetInput[] = Array.from({ length: 50 }, (_, i) => ({
  id: `Scene.s.Token.t${i}`,
  name: `Goblin ${i + 1}`,
  actorUuid: `Scene.s.Token.t${i}.Actor.goblin`,
  saveBonuses: { fort: 3, ref: 2, will: -1 },
  ownerIds: i < 5 ? [`player${i}`] : [],
}));

function fireball(): SaveSession {
  const session = createSession({
    id: "session",
    messages: { gm: "session", public: "public", owners: {} },
    system: "pf1",
    caster: { name: "Mialee" },
    spell: { name: "Fireball", saveText: "Reflex half", harmless: false, spellResistance: true, levelsByClass: { wizard: 3 }, aim: "area" },
    book: { className: "wizard", ability: "int", abilityScore: 17, casterLevel: 5, dcBonuses: [] },
    damage: { total: 21, types: ["fire"], healing: false },
    targets,
  });
  if (typeof session === "string") throw new Error(session);
  return session;
}

describe("fifty targets", () => {
  bench("create the session", () => {
    fireball();
  });
  bench("record fifty saves one by one, with the public card after each", () => {
    let session = fireball();
    for (const [i, target] of session.targets.entries()) {
      session = recordSave(session, target.id, { kind: "rolled", natural: (i % 20) + 1, total: (i % 20) + 3 });
      publicCard(session, "owners");
    }
  });
  bench("all cards of a finished session (GM, public, five owners)", () => {
    let session = fireball();
    for (const target of session.targets) session = recordSave(session, target.id, { kind: "rolled", natural: 10, total: 12 });
    gmCardContext(session);
    publicCard(session, "owners");
    for (let i = 0; i < 5; i++) ownerCard(session, `player${i}`, "owners");
  });
});
