import { type Motif, type SkylineSpec, skylineSrc } from "../../../shared/art";
import { imageSrc } from "../../../shared/images";
import { SkylineImage } from "../art/ArtImage";
import "./journal.css";

/** Each journal category has its colour and motif. */
const CATEGORY_ART: Record<string, { color: string; motif: Motif }> = {
  ipoteka: { color: "#1d5bd8", motif: "percent" },
  "escrow-i-214-fz": { color: "#0f7a3d", motif: "shield" },
  "kak-vybrat-zhk": { color: "#7b4fd6", motif: "pin" },
  "priemka-kvartiry": { color: "#b4531f", motif: "key" },
  "remont-i-otdelka": { color: "#00838f", motif: "roller" },
  "obzory-rynka": { color: "#3b4a63", motif: "chart" },
};
const OTHER = { color: "#1d5bd8", motif: "tag" } as const;

type Category = { id: number; slug: string };

/** The cover's drawing: the article's id and category choose it. */
function coverSpec(id: number, category: Category): SkylineSpec {
  const art = CATEGORY_ART[category.slug] ?? OTHER;
  return { seed: id * 31 + category.id, color: art.color, motif: art.motif, width: 640, height: 360 };
}

/** The cover's address through the image proxy (the article's structured data names it). */
export const coverSrc = (id: number, category: Category): string =>
  imageSrc(skylineSrc(coverSpec(id, category)), 640);

/** The drawn cover of an article, from its id and category (there are no photos). */
export function CoverArt({
  id,
  category,
  className,
  eager = false,
}: {
  id: number;
  category: Category;
  className: string;
  eager?: boolean;
}) {
  return <SkylineImage {...coverSpec(id, category)} className={`skyline-art ${className}`} eager={eager} />;
}
