import { facadeSrc } from "../../../shared/art";
import { imageSrc } from "../../../shared/images";
import type { ComplexDetail } from "../../../shared/schemas/catalogue";

/**
 * A complex's main picture through the image proxy: its developer's photo when the feed has one, else its drawn
 * day view (the gallery's first), 1200×750. The structured data names it as the complex's and its flats' image.
 */
export function complexPicture(
  c: Pick<ComplexDetail, "id" | "class" | "floors_max" | "houses" | "photo">,
): string {
  if (c.photo) return c.photo;
  const spec = {
    id: c.id,
    cls: c.class,
    floors: c.floors_max,
    houses: c.houses.map((h) => h.floors),
    width: 1200,
    height: 750,
  };
  return imageSrc(facadeSrc(spec), spec.width);
}
