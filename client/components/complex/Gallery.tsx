import type { FacadeVariant } from "../../../shared/art";
import type { ComplexDetail } from "../../../shared/schemas/catalogue";
import { FacadeImage } from "../art/ArtImage";
import { LazyImage } from "../art/LazyImage";
import { type Slide, useLightBox } from "./LightBox";
import "./complex.css";

const VIEWS: readonly { variant: FacadeVariant; caption: string }[] = [
  { variant: "day", caption: "Вид с улицы днём" },
  { variant: "evening", caption: "Вечером" },
  { variant: "courtyard", caption: "Двор" },
  { variant: "aerial", caption: "Генплан — вид сверху" },
];

export interface GalleryProps {
  /** The complex; its developer's picture from its feed (through the image proxy) takes the main place. */
  complex: Pick<ComplexDetail, "id" | "class" | "floors_max" | "houses" | "photo">;
  name: string;
}

/**
 * Views of the complex: the developer's picture when its feed has one, else drawn views (honest about being
 * drawings), a large one and thumbnails, each opening the light box. A lazy part of the complex page
 * (client/routes/complex.tsx GALLERY): its root carries `data-part`, so that a picture pressed before its
 * chunk has arrived opens once it has (client/lazy-press.ts).
 */
export default function Gallery({ complex, name }: GalleryProps) {
  const { id, class: cls, floors_max: floors, photo } = complex;
  const houses = complex.houses.map((h) => h.floors);
  const { open } = useLightBox();
  const art = (variant: FacadeVariant, width: number, height: number, alt?: string) => (
    <FacadeImage
      id={id}
      cls={cls}
      floors={floors}
      houses={houses}
      variant={variant}
      width={width}
      height={height}
      alt={alt}
      eager={width >= 800}
    />
  );
  const picture = (width: number, height: number, alt = "") =>
    photo && <LazyImage src={photo} alt={alt} width={width} height={height} eager={width >= 800} />;
  const views = photo
    ? [{ variant: "photo" as const, caption: "Фото застройщика" }, ...VIEWS.slice(1)]
    : VIEWS;
  const slides: Slide[] = views.map((v) => ({
    key: v.variant,
    caption: `${name}: ${v.caption.toLowerCase()}`,
    content:
      v.variant === "photo"
        ? picture(1200, 750, `${name}: фото застройщика`)
        : art(v.variant, 1200, 750, `${name}: ${v.caption.toLowerCase()} (рисунок)`),
  }));
  return (
    <figure className="cx-gallery" data-part="gallery">
      <div className="cx-gallery__grid">
        {views.map((v, i) => (
          <button
            key={v.variant}
            type="button"
            className={`cx-gallery__item${i === 0 ? " cx-gallery__item--main" : ""}`}
            aria-label={`Открыть ${v.variant === "photo" ? "фото" : "рисунок"} «${v.caption}» на весь экран`}
            onClick={() => open(slides, i)}
          >
            {v.variant === "photo"
              ? picture(800, 500)
              : art(v.variant, i === 0 ? 800 : 400, i === 0 ? 500 : 250)}
            <span className="cx-gallery__label">{v.caption}</span>
          </button>
        ))}
      </div>
      <figcaption className="cx-gallery__note">
        {photo
          ? "Фото — из фида застройщика, остальное — условные рисунки."
          : "Рисунки условные: фотографий этого ЖК у нас пока нет."}
      </figcaption>
    </figure>
  );
}
