/**
 * R1–R8: reading the "Saving Throw" line. Lines are real ones from the D35E and pf1 compendia (English)
 * and from the French SRD; each case asserts the whole option structure.
 */
import { describe, expect, it } from "vitest";
import { parseSaveLine, type SaveEffect, type SaveKind, type SaveOption } from "../../src/rules/saveLine";

/** An option with R7/R8 off unless given. */
function opt(save: SaveKind | null, effect: SaveEffect, more: Partial<SaveOption> = {}): SaveOption {
  return { save, effect, harmless: false, object: false, ...more };
}

interface Reading {
  options: SaveOption[];
  seeText: boolean;
  ambiguous: boolean;
  unknown: string[];
  conjunction: boolean;
  references: string[];
}

/** What a line should read as; flags default to "plain": no deferral, nothing ambiguous or unknown. */
function line(options: SaveOption[], flags: Partial<Omit<Reading, "options">> = {}): Reading {
  return { options, seeText: false, ambiguous: false, unknown: [], conjunction: false, references: [], ...flags };
}

function read(text: string | null | undefined): Reading {
  const { options, seeText, ambiguous, unknown, conjunction, references } = parseSaveLine(text);
  return { options, seeText, ambiguous, unknown, conjunction, references };
}

const deferred = { seeText: true, ambiguous: true };
const alternatives = { ambiguous: true };

describe("parseSaveLine: one save and its effect (R1–R4, R6)", () => {
  it.each([
    ["Will negates", opt("will", "negates")],
    ["Fortitude negates", opt("fort", "negates")],
    ["Fort negates", opt("fort", "negates")],
    ["Fortitude negate", opt("fort", "negates")],
    ["Will negate", opt("will", "negates")],
    ["Reflex half", opt("ref", "half")],
    ["Reflex halves", opt("ref", "half")],
    ["Fortitude halfes", opt("fort", "half")], // a typo in pf1's Tsunami
    ["Will partial", opt("will", "partial")],
    ["Fortitude partial", opt("fort", "partial")],
    ["Will disbelief", opt("will", "disbelief")],
    ["Reflex ½", opt("ref", "half")],
    ["Reflex 1/2", opt("ref", "half")],
    ["will NEGATES", opt("will", "negates")],
  ])("%j", (text, option) => {
    expect(read(text)).toEqual(line([option]));
  });

  it("reads 'for half' and 'disbelieves' with their qualifiers", () => {
    expect(read("Reflex for half; see text")).toEqual(line([opt("ref", "half")], deferred));
    expect(read("Fortitude negates or Will disbelieves (if interacted with)")).toEqual(
      line([opt("fort", "negates"), opt("will", "disbelief", { note: "if interacted with" })], alternatives),
    );
  });

  it("reads the abbreviation 'Fort.'", () => {
    expect(read("Fort. partial (see below)")).toEqual(line([opt("fort", "partial")], deferred));
  });
});

describe("parseSaveLine: None (R5)", () => {
  it.each(["None", "None\n", "none", "No\n", "Aucun", "aucune", "non", "NONE"])("%j: no save, no prompt", (text) => {
    expect(read(text)).toEqual(line([opt(null, "none")]));
  });

  it("keeps qualifiers on None", () => {
    expect(read("None (harmless)\n")).toEqual(line([opt(null, "none", { harmless: true })]));
    expect(read("none (object)")).toEqual(line([opt(null, "none", { object: true })]));
  });

  it("None that defers to the text", () => {
    expect(read("None; see text")).toEqual(line([opt(null, "none")], deferred));
    expect(read("no, see below")).toEqual(line([opt(null, "none")], deferred));
    expect(read("none (see curse text)")).toEqual(line([opt(null, "none")], { ...deferred, references: ["see curse text"] }));
  });
});

describe("parseSaveLine: (object) and (harmless) (R7, R8)", () => {
  it("Will negates (harmless, object)", () => {
    expect(read("Will negates (harmless, object)")).toEqual(line([opt("will", "negates", { harmless: true, object: true })]));
  });

  it("qualifiers in separate groups, and beside 'see text'", () => {
    expect(read("Yes (harmless) (see text)")).toEqual(line([opt(null, "special", { harmless: true })], deferred));
    expect(read("Reflex negates (object; see text)")).toEqual(line([opt("ref", "negates", { object: true })], deferred));
    expect(read("Fortitude negates (object, see text)")).toEqual(line([opt("fort", "negates", { object: true })], deferred));
    expect(read("Will negates (harmless, object); see text")).toEqual(
      line([opt("will", "negates", { harmless: true, object: true })], deferred),
    );
  });

  it("a group cut short: 'Fortitude negates (object,'", () => {
    expect(read("Fortitude negates (object,")).toEqual(line([opt("fort", "negates", { object: true })]));
  });

  it("keeps other qualifiers as a note", () => {
    expect(read("Will disbelief (if interacted with)")).toEqual(line([opt("will", "disbelief", { note: "if interacted with" })]));
    expect(read("Will negates (blinding only)\n")).toEqual(line([opt("will", "negates", { note: "blinding only" })]));
    expect(read("Fortitude negates (fatigue only)")).toEqual(line([opt("fort", "negates", { note: "fatigue only" })]));
    expect(read("Will half (negates)")).toEqual(line([opt("will", "half", { note: "negates" })]));
    expect(read("Will disbelieve (on hit; see below)")).toEqual(line([opt("will", "disbelief", { note: "on hit" })], deferred));
    expect(read("Reflex half (special, see below)")).toEqual(line([opt("ref", "half")], deferred));
    expect(read("Fortitude negates (and Will special, see text)")).toEqual(
      line([opt("fort", "negates", { note: "Will special" })], deferred),
    );
  });
});

describe("parseSaveLine: chained saves (the second applies only if the first did not stop the creature)", () => {
  it("phantasmal killer: Will disbelief, then Fortitude partial", () => {
    expect(read("Will disbelief (if interacted with), then Fortitude partial; see text")).toEqual(
      line([opt("will", "disbelief", { note: "if interacted with", then: opt("fort", "partial") })], deferred),
    );
    expect(read("Will disbelief then Fortitude partial; see text")).toEqual(
      line([opt("will", "disbelief", { then: opt("fort", "partial") })], deferred),
    );
  });

  it("baleful polymorph: Fortitude negates, Will partial", () => {
    expect(read("Fortitude negates, Will partial; see text\n")).toEqual(
      line([opt("fort", "negates", { then: opt("will", "partial") })], deferred),
    );
  });

  it("keeps qualifiers on the link they belong to", () => {
    expect(read("Fortitude negates (object), then Will negates (see text)")).toEqual(
      line([opt("fort", "negates", { object: true, then: opt("will", "negates") })], deferred),
    );
  });

  it("'or' inside a chain gives two options with the same head", () => {
    expect(read("Will disbelief, then Fortitude or Will negates (see text)")).toEqual(
      line(
        [
          opt("will", "disbelief", { then: opt("fort", "negates") }),
          opt("will", "disbelief", { then: opt("will", "negates") }),
        ],
        deferred,
      ),
    );
  });

  it("a chained save without its effect is special", () => {
    expect(read("Will disbelief, then Fortitude (see text)")).toEqual(
      line([opt("will", "disbelief", { then: opt("fort", "special") })], deferred),
    );
  });
});

describe("parseSaveLine: alternatives", () => {
  it("Reflex half or Reflex negates; see text", () => {
    expect(read("Reflex half or Reflex negates; see text")).toEqual(line([opt("ref", "half"), opt("ref", "negates")], deferred));
  });

  it("None or Will negates (see text)", () => {
    expect(read("None or Will negates (see text)")).toEqual(line([opt(null, "none"), opt("will", "negates")], deferred));
  });

  it("an effect alone takes the save before it: 'Fortitude partial or negates'", () => {
    expect(read("Fortitude partial or negates (see text)")).toEqual(line([opt("fort", "partial"), opt("fort", "negates")], deferred));
  });

  it("'see text' between alternatives: 'Will negates; see text or none (object)'", () => {
    expect(read("Will negates; see text or none (object)")).toEqual(
      line([opt("will", "negates"), opt(null, "none", { object: true })], deferred),
    );
  });

  it("a comma after None separates alternatives (no chain from 'no save')", () => {
    expect(read("none (object), Fortitude negates; see text")).toEqual(
      line([opt(null, "none", { object: true }), opt("fort", "negates")], deferred),
    );
  });

  it("';' between saves", () => {
    expect(read("Reflex negates; Reflex half; see text")).toEqual(line([opt("ref", "negates"), opt("ref", "half")], deferred));
  });

  it("differing qualifiers make different options", () => {
    expect(read("Will negates (harmless) or Will negates (harmless, object)")).toEqual(
      line([opt("will", "negates", { harmless: true }), opt("will", "negates", { harmless: true, object: true })], alternatives),
    );
  });
});

describe("parseSaveLine: repeated alternatives are merged", () => {
  it("Will half or Will half; see text", () => {
    expect(read("Will half or Will half; see text")).toEqual(line([opt("will", "half")], deferred));
  });

  it("Will negates (object); Will negates (object) or Fortitude half; see text", () => {
    expect(read("Will negates (object); Will negates (object) or Fortitude half; see text")).toEqual(
      line([opt("will", "negates", { object: true }), opt("fort", "half")], deferred),
    );
  });
});

describe("parseSaveLine: 'and' (alternatives that may each apply)", () => {
  it("different targets: none and Will negates (object)", () => {
    expect(read("none and Will negates (object)")).toEqual(
      line([opt(null, "none"), opt("will", "negates", { object: true })], { ambiguous: true, conjunction: true }),
    );
  });

  it("different aspects: Reflex half and Will negates (see text)", () => {
    expect(read("Reflex half and Will negates (see text)")).toEqual(
      line([opt("ref", "half"), opt("will", "negates")], { ...deferred, conjunction: true }),
    );
  });

  it("'and see below' is not a conjunction", () => {
    expect(read("Reflex half and see below")).toEqual(line([opt("ref", "half")], deferred));
    expect(read("Will negates (and see below)")).toEqual(line([opt("will", "negates")], deferred));
    expect(read("Will negates, but see below")).toEqual(line([opt("will", "negates")], deferred));
  });

  it("a bare save after 'and' is special", () => {
    expect(read("Fortitude half and Reflex (see description)")).toEqual(
      line([opt("fort", "half"), opt("ref", "special")], { ...deferred, conjunction: true }),
    );
  });
});

describe("parseSaveLine: lines that defer to the text", () => {
  it.each(["See text", "see below", "see description", "varies", "special", "special; see text", "special, see below", "Voir description", "voir texte", "Voir ci-dessous"])(
    "%j: no option, see text",
    (text) => {
      expect(read(text)).toEqual(line([], deferred));
    },
  );

  it("keeps a reference that says more than 'see text'", () => {
    expect(read("Fortitude partial; see text for enervation")).toEqual(
      line([opt("fort", "partial")], { ...deferred, references: ["see text for enervation"] }),
    );
  });

  it("a save without its effect is special (R1 without R2–R6)", () => {
    expect(read("Will")).toEqual(line([opt("will", "special")], deferred));
    expect(read("Fortitude (object)")).toEqual(line([opt("fort", "special", { object: true })], deferred));
    expect(read("Will none; see text")).toEqual(line([opt("will", "special")], deferred));
  });

  it("'yes': a save exists but the line does not name it", () => {
    expect(read("yes")).toEqual(line([opt(null, "special")], deferred));
    expect(read("yes (object)")).toEqual(line([opt(null, "special", { object: true })], deferred));
  });
});

describe("parseSaveLine: French SRD", () => {
  it.each([
    ["Volonté, annule (inoffensif)", [opt("will", "negates", { harmless: true })]],
    ["Réflexes, 1/2 dégâts", [opt("ref", "half")]],
    ["Reflexes, ½ dégâts", [opt("ref", "half")]],
    ["Réflexes, dégâts réduits de moitié", [opt("ref", "half")]],
    ["Volonté, dévoile (en cas d'interaction)", [opt("will", "disbelief", { note: "en cas d'interaction" })]],
    ["Vigueur, partiel", [opt("fort", "partial")]],
    ["Vigueur, partielle", [opt("fort", "partial")]],
    ["VOLONTE, ANNULE", [opt("will", "negates")]],
    ["Volonte, annule (objet)", [opt("will", "negates", { object: true })]],
    ["Volonté, annule (inoffensif, objet)", [opt("will", "negates", { harmless: true, object: true })]],
    ["Volonté : annule", [opt("will", "negates")]],
    ["Vigueur annule", [opt("fort", "negates")]],
    ["Aucun", [opt(null, "none")]],
  ])("%j", (text, options) => {
    expect(read(text)).toEqual(line(options));
  });

  it("Voir description", () => {
    expect(read("Voir description")).toEqual(line([], deferred));
  });

  it("alternatives and chains: ou, et, puis", () => {
    expect(read("Volonté, annule ou Vigueur, partiel")).toEqual(line([opt("will", "negates"), opt("fort", "partial")], alternatives));
    expect(read("Volonté, dévoile, puis Vigueur, partiel")).toEqual(
      line([opt("will", "disbelief", { then: opt("fort", "partial") })]),
    );
    expect(read("Aucun et Volonté, annule (objet)")).toEqual(
      line([opt(null, "none"), opt("will", "negates", { object: true })], { ambiguous: true, conjunction: true }),
    );
    expect(read("Réflexes, annule ou partiel (voir texte)")).toEqual(line([opt("ref", "negates"), opt("ref", "partial")], deferred));
  });

  it("Aucune (voir texte)", () => {
    expect(read("Aucune (voir texte)")).toEqual(line([opt(null, "none")], deferred));
  });
});

describe("parseSaveLine: input cleanup", () => {
  it("no line at all: null, undefined, empty, blank, empty HTML", () => {
    for (const text of [null, undefined, "", "   \n", "<p></p>", "&nbsp;"]) {
      expect(read(text)).toEqual(line([]));
    }
    expect(parseSaveLine(null).raw).toBe("");
  });

  it("throws a TypeError for a value that is not a string", () => {
    expect(() => parseSaveLine(42 as unknown as string)).toThrow(TypeError);
    expect(() => parseSaveLine({} as unknown as string)).toThrow(/parseSaveLine: text must be a string/u);
  });

  it("removes HTML tags and entities, and keeps the raw input", () => {
    const parsed = parseSaveLine("<p>Will&nbsp;negates (harmless)</p>");
    expect(parsed.options).toEqual([opt("will", "negates", { harmless: true })]);
    expect(parsed.raw).toBe("<p>Will&nbsp;negates (harmless)</p>");
    expect(parsed.text).toBe("Will negates (harmless)");
    expect(read("Will negates<br>see text")).toEqual(line([opt("will", "negates")], deferred));
    expect(read("Reflex half &amp; Will negates")).toEqual(
      line([opt("ref", "half"), opt("will", "negates")], { ambiguous: true, conjunction: true }),
    );
  });

  it("removes stray newlines and the field's label", () => {
    expect(read("Saving Throw: Will\nnegates")).toEqual(line([opt("will", "negates")]));
    expect(read("Jet de sauvegarde : Volonté, annule (inoffensif)")).toEqual(line([opt("will", "negates", { harmless: true })]));
    expect(read("Will negates.")).toEqual(line([opt("will", "negates")]));
  });

  it("drops the Spell Resistance field run on after the save (D35E)", () => {
    const parsed = parseSaveLine("Yes (harmless) (see text) Spell Resistance: Yes (harmless)\n");
    expect(parsed.text).toBe("Yes (harmless) (see text)");
    expect(parsed.options).toEqual([opt(null, "special", { harmless: true })]);
    expect(read("Volonté, annule Résistance à la magie : oui")).toEqual(line([opt("will", "negates")]));
  });
});

describe("parseSaveLine: what it cannot read is reported, never dropped", () => {
  it("Reflex blorp", () => {
    expect(read("Reflex blorp")).toEqual(line([opt("ref", "special")], { ...deferred, unknown: ["blorp"] }));
  });

  it("a line with nothing readable defers to the text", () => {
    expect(read("blorp")).toEqual(line([], { ...deferred, unknown: ["blorp"] }));
  });

  it("groups consecutive unknown words", () => {
    expect(read("Will negates (object) on Tuesdays only; see text")).toEqual(
      line([opt("will", "negates", { object: true })], { ...deferred, unknown: ["on Tuesdays only"] }),
    );
  });

  it("qualifiers with no save to qualify", () => {
    expect(read("(harmless)")).toEqual(line([], { ...deferred, unknown: ["(harmless)"] }));
  });

  it("a stray closing parenthesis", () => {
    expect(read("Will negates)")).toEqual(line([opt("will", "negates")], { ambiguous: true, unknown: [")"] }));
  });
});

describe("parseSaveLine: ambiguous", () => {
  it("is false for one plain option and for no line", () => {
    expect(parseSaveLine("Will negates (harmless)").ambiguous).toBe(false);
    expect(parseSaveLine("None").ambiguous).toBe(false);
    expect(parseSaveLine("").ambiguous).toBe(false);
  });

  it("is true for several options, a deferral, or an unknown part", () => {
    expect(parseSaveLine("Will negates or none").ambiguous).toBe(true);
    expect(parseSaveLine("None; see text").ambiguous).toBe(true);
    expect(parseSaveLine("Will blorp negates").ambiguous).toBe(true);
  });
});
