/**
 * The rules package's version, written into every game record so a record
 * says which rules played it (kept equal to package.json by a test).
 */
export const RULES_VERSION = '0.1.0';
