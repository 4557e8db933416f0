/** Every word the module shows comes from lang/en.json and lang/fr.json, under "D20SS.". */
export function t(key: string, data?: Record<string, string | number>): string {
  const full = `D20SS.${key}`;
  return data ? game.i18n.format(full, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) : game.i18n.localize(full);
}
