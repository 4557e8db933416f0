/** The module's id, as in module.json: namespace of its settings, flags, queries, hooks and templates. */
export const MODULE_ID = "d20-spell-saves";
