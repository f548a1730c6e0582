import type { Motif } from "../../../shared/art";
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

/** The drawn cover of an article, from its id and category (there are no photos). */
export function CoverArt({
  id,
  category,
  className,
  eager = false,
}: {
  id: number;
  category: { id: number; slug: string };
  className: string;
  eager?: boolean;
}) {
  const art = CATEGORY_ART[category.slug] ?? OTHER;
  return (
    <SkylineImage
      seed={id * 31 + category.id}
      color={art.color}
      motif={art.motif}
      width={640}
      height={360}
      className={`skyline-art ${className}`}
      eager={eager}
    />
  );
}
