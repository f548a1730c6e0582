import type { FacadeVariant } from "../../../shared/art";
import { FacadeImage } from "../art/ArtImage";
import { type Slide, useLightBox } from "./LightBox";
import "./complex.css";

const VIEWS: readonly { variant: FacadeVariant; caption: string }[] = [
  { variant: "day", caption: "Вид с улицы днём" },
  { variant: "evening", caption: "Вечером" },
  { variant: "courtyard", caption: "Двор" },
  { variant: "aerial", caption: "Генплан — вид сверху" },
];

export interface GalleryProps {
  id: number;
  cls: number;
  floors: number;
  /** Floors of each house. */
  houses: readonly number[];
  name: string;
}

/**
 * Drawn views of the complex (there are no photos): a large one and thumbnails, each opening the light box.
 * The drawings are honest about being drawings.
 */
export function Gallery({ id, cls, floors, houses, name }: GalleryProps) {
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
  const slides: Slide[] = VIEWS.map((v) => ({
    key: v.variant,
    caption: `${name}: ${v.caption.toLowerCase()}`,
    content: art(v.variant, 1200, 750, `${name}: ${v.caption.toLowerCase()} (рисунок)`),
  }));
  return (
    <figure className="cx-gallery">
      <div className="cx-gallery__grid">
        {VIEWS.map((v, i) => (
          <button
            key={v.variant}
            type="button"
            className={`cx-gallery__item${i === 0 ? " cx-gallery__item--main" : ""}`}
            aria-label={`Открыть рисунок «${v.caption}» на весь экран`}
            onClick={() => open(slides, i)}
          >
            {i === 0 ? art(v.variant, 800, 500) : art(v.variant, 400, 250)}
            <span className="cx-gallery__label">{v.caption}</span>
          </button>
        ))}
      </div>
      <figcaption className="cx-gallery__note">
        Рисунки условные: фотографий этого ЖК у нас пока нет.
      </figcaption>
    </figure>
  );
}
