/** One code of a SAT catalog with an English description for UI labels and messages. */
export type CatalogEntry = { code: string; description: string };
