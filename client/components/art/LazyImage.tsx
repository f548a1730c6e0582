import { useEffect, useRef } from "react";
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

let observer: IntersectionObserver | null = null;
/** Each waiting picture's swap: its address put in, by the component that drew it. */
const waiting = new Map<Element, () => void>();

/**
 * One observer for every picture of the page: each loads once it is within IMAGE_LAZY_MARGIN_PX of the view,
 * in a task of its own (a timer each), not all that came near in the observer's one task.
 */
function watch(el: Element, swap: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const { isIntersecting, target } of entries) {
        const seen = waiting.get(target);
        if (!isIntersecting || !seen) continue;
        waiting.delete(target);
        observer?.unobserve(target);
        setTimeout(seen, 0);
      }
    },
    { rootMargin: `${IMAGE_LAZY_MARGIN_PX}px` },
  );
  waiting.set(el, swap);
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
 *
 * The swap is the element's own, not a render: a picture that came near gets its address straight on the
 * <img>, one picture a task. As React state, a screenful of pictures was one commit that set their addresses
 * and removed their <noscript> copies together, 60–76 ms on the phone of `npm run lighthouse`, which a
 * transition cannot cut (decision 0029). React's next render of the picture, if any, draws what the element
 * already shows: `shown` says it came.
 */
export function LazyImage({ src, width, height, eager = false, alt = "", className }: LazyImageProps) {
  const { isBot } = useBoot();
  const ref = useRef<HTMLImageElement>(null);
  const shown = useRef(false);
  const direct = eager || isBot;
  useEffect(() => {
    const el = ref.current;
    if (direct || shown.current || !el) return;
    const swap = () => {
      if (!el.isConnected) return;
      shown.current = true;
      el.src = src;
      el.removeAttribute("data-lazy");
    };
    if (typeof IntersectionObserver === "undefined") {
      swap();
      return;
    }
    return watch(el, swap);
  }, [direct, src]);
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
  // Read in the render on purpose: the element, not React, swapped the picture in.
  const came = shown.current;
  return (
    <>
      <img
        ref={ref}
        src={came ? src : WAITING_PICTURE}
        data-lazy={came ? undefined : ""}
        alt={alt}
        {...common}
      />
      {!came && (
        <noscript>
          <img src={src} alt={alt} {...common} loading="lazy" />
        </noscript>
      )}
    </>
  );
}
