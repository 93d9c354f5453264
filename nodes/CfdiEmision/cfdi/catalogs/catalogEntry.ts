/**
 * One code of a SAT catalog: an English description for UI labels and messages and, where the SAT
 * names it, its official Spanish name (`spanish`), so a list can be searched in either language.
 */
export type CatalogEntry = { code: string; description: string; spanish?: string };
