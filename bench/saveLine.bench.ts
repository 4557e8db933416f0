import { bench, describe } from "vitest";
import { parseSaveLine } from "../src/rules/saveLine";
import { readDataText } from "../test/fixtures/data";

/** Every Saving Throw line of both compendia (3,703 spells), parsed once per iteration. */
const lines = ["spells-d35e.jsonl", "spells-pf1.jsonl"].flatMap((file) =>
  readDataText(file)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => (JSON.parse(line) as { save: string | null }).save),
);

describe(`parseSaveLine over ${lines.length} compendium lines`, () => {
  bench("whole corpus", () => {
    for (const line of lines) parseSaveLine(line);
  });
});
