import { startTransition, useEffect, useRef, useState } from "react";
import { IMAGE_LAZY_MARGIN_PX } from "../../../shared/constants";
import { WAITING_PICTURE } from "../../../shared/images";
import { useBoot } from "../../hooks/use-boot";
import "./LazyImage.css";

export interface LazyImageProps {
  /** The picture's address through the image proxy (shared/images.ts imageSrc). */
  src: string;
  width: number;
  height: number;
  /** The first thing on screen (the home hero, a listing's top ad, a complex's main view, an article's cover). */
  eager?: boolean;
  alt?: string;
  className?: string;
}

type Seen = () => void;
let observer: IntersectionObserver | null = null;
const waiting = new Map<Element, Seen>();

/** One observer for every picture of the page: each loads once it is within IMAGE_LAZY_MARGIN_PX of the view. */
function watch(el: Element, seen: Seen): () => void {
  observer ??= new IntersectionObserver(
    // As a transition: the pictures that came near together swap in a render that yields to the browser, not
    // in one task with their commit (36–48 ms on the phone of `npm run lighthouse` when a screenful came at once).
    (entries) =>
      startTransition(() => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          waiting.get(entry.target)?.();
          waiting.delete(entry.target);
          observer?.unobserve(entry.target);
        }
      }),
    { rootMargin: `${IMAGE_LAZY_MARGIN_PX}px` },
  );
  waiting.set(el, seen);
  observer.observe(el);
  return () => {
    waiting.delete(el);
    observer?.unobserve(el);
  };
}

/**
 * A picture that loads when it comes within 100 px of the view (SPEC §4, §9): the browser's own
 * `loading="lazy"` starts far earlier (over a thousand pixels). Until then the <img> shows WAITING_PICTURE in a
 * box of its size (width, height and the box's aspect-ratio are always set: nothing moves when the picture
 * comes). Without JavaScript the <noscript> copy is the picture (LazyImage.css hides the waiting one); bots get
 * the picture itself.
 */
export function LazyImage({ src, width, height, eager = false, alt = "", className }: LazyImageProps) {
  const { isBot } = useBoot();
  const ref = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(false);
  const direct = eager || isBot;
  useEffect(() => {
    const el = ref.current;
    if (direct || near || !el) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    return watch(el, () => setNear(true));
  }, [direct, near]);
  // The box's proportions are the given ones whatever the picture that comes (width and height alone give way
  // to the loaded picture's own proportions where the CSS sets only the width): the empty picture, the real one
  // and the <noscript> copy take the same place.
  const common = {
    width,
    height,
    className,
    decoding: "async" as const,
    style: { aspectRatio: `${width} / ${height}` },
  };
  if (direct) {
    return (
      <img
        src={src}
        alt={alt}
        {...common}
        loading={eager ? "eager" : "lazy"}
        {...(eager ? { fetchPriority: "high" as const } : {})}
      />
    );
  }
  return (
    <>
      <img
        ref={ref}
        src={near ? src : WAITING_PICTURE}
        data-lazy={near ? undefined : ""}
        alt={alt}
        {...common}
      />
      {!near && (
        <noscript>
          <img src={src} alt={alt} {...common} loading="lazy" />
        </noscript>
      )}
    </>
  );
}
