import { useEffect, useRef, useState } from "react";
import { IMAGE_LAZY_MARGIN_PX } from "../../shared/constants";

export interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above the fold: load at once with high priority. */
  eager?: boolean;
}

/**
 * An image in a fixed aspect box (no layout shift) that loads when it comes within 100 px of the
 * viewport (SPEC §4). A decode failure is only logged; the box keeps its drawn background.
 */
export function LazyImage({ src, alt, width, height, className, eager = false }: LazyImageProps) {
  const box = useRef<HTMLSpanElement>(null);
  const [visible, setVisible] = useState(eager);

  useEffect(() => {
    if (visible || !box.current) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          io.disconnect();
        }
      },
      { rootMargin: `${IMAGE_LAZY_MARGIN_PX}px` },
    );
    io.observe(box.current);
    return () => io.disconnect();
  }, [visible]);

  return (
    <span
      ref={box}
      className={`lazy-image ${className ?? ""}`}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {visible ? (
        <img
          src={src}
          alt={alt}
          width={width}
          height={height}
          decoding="async"
          fetchPriority={eager ? "high" : "auto"}
          onError={() => console.warn("Не удалось загрузить изображение", src)}
        />
      ) : (
        <noscript>
          <img src={src} alt={alt} width={width} height={height} />
        </noscript>
      )}
    </span>
  );
}
