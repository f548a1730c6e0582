/** Journal content compiled by us for the seed: original Russian articles. */

export type JournalCategorySlug =
  | "ipoteka"
  | "escrow-i-214-fz"
  | "obzory-rynka"
  | "kak-vybrat-zhk"
  | "priemka-kvartiry"
  | "remont-i-otdelka";

export type ArticleBlock =
  | { type: "p"; text: string }
  | { type: "h2"; text: string }
  | { type: "ul"; items: string[] }
  | { type: "ol"; items: string[] }
  | { type: "quote"; text: string }
  | { type: "table"; head: string[]; rows: string[][] };

export interface SeedArticle {
  /** Latin kebab-case, unique across the journal. */
  slug: string;
  category: JournalCategorySlug;
  title: string;
  /** One or two sentences shown on cards and as the meta description (at most 200 characters). */
  lead: string;
  /** ISO date (YYYY-MM-DD) between 2025-01-01 and 2026-11-20. */
  published: string;
  tags: string[];
  body: ArticleBlock[];
}
