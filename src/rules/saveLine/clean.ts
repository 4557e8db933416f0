/**
 * Input cleanup for a "Saving Throw" line, before any reading (R1–R8): the compendia store the line as
 * typed, sometimes with HTML, entities, stray newlines, the field's own label, or the next field run on.
 */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  nbsp: " ",
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  rsquo: "'",
  lsquo: "'",
  frac12: "½",
  eacute: "é",
  egrave: "è",
  ecirc: "ê",
  agrave: "à",
  acirc: "â",
  ccedil: "ç",
  ocirc: "ô",
  icirc: "î",
  ucirc: "û",
  ugrave: "ù",
};

/** Tags become spaces so that "negates<br>see text" keeps its two words apart. */
function stripTags(text: string): string {
  return text.replace(/<\/?[a-z][^>]*>/giu, " ");
}

/** Decodes the entities a rich-text editor writes; an unknown named entity is left as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/giu, (whole, body: string) => {
    if (body.startsWith("#x") || body.startsWith("#X")) return String.fromCodePoint(parseInt(body.slice(2), 16));
    if (body.startsWith("#")) return String.fromCodePoint(parseInt(body.slice(1), 10));
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** "Saving Throw:", "Save:", "Jet de sauvegarde :" at the start: the field's label, not its value. */
const LEADING_LABEL = /^(?:saving throws?|save|jets? de sauvegarde|sauvegarde)\s*:\s*/iu;

/**
 * The next stat-block field run on into this one, e.g. D35E's
 * "Yes (harmless) (see text) Spell Resistance: Yes (harmless)" (R18 is read elsewhere).
 */
const TRAILING_FIELD = /(?:^|\s)(?:spell resistance|r[ée]sistance [àa] la magie|sr|rm)\s*:.*$/iu;

/** Returns the line's value: one line, single spaces, no HTML, no label, no trailing full stop. */
export function cleanSaveText(raw: string): string {
  let text = decodeEntities(stripTags(raw)).normalize("NFC");
  text = text.replace(/[\u2018\u2019\u02bc]/gu, "'");
  text = text.replace(/\s+/gu, " ").trim();
  text = text.replace(LEADING_LABEL, "");
  text = text.replace(TRAILING_FIELD, "");
  return text.replace(/[\s.]+$/u, "").trim();
}
