import { type FacadeSpec, facadeSrc, type SkylineSpec, skylineSrc } from "../../../shared/art";

interface ImageProps {
  /** The first thing on screen (the home hero, a listing's top ad, a complex's main view, an article's cover). */
  eager?: boolean;
  alt?: string;
  className?: string;
}

/**
 * A drawn picture as an image (shared/art.ts), sized by its box: decorative unless given `alt`, lazy unless it
 * is the first thing on screen.
 */
function ArtImage({
  src,
  width,
  height,
  eager = false,
  alt = "",
  className,
}: ImageProps & { src: string; width: number; height: number }) {
  return (
    <img
      src={src}
      width={width}
      height={height}
      alt={alt}
      className={className}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      {...(eager ? { fetchPriority: "high" as const } : {})}
    />
  );
}

export function FacadeImage({ eager, alt, className, ...spec }: FacadeSpec & ImageProps) {
  return (
    <ArtImage src={facadeSrc(spec)} width={spec.width} height={spec.height} {...{ eager, alt, className }} />
  );
}

export function SkylineImage({ eager, alt, className, ...spec }: SkylineSpec & ImageProps) {
  return (
    <ArtImage src={skylineSrc(spec)} width={spec.width} height={spec.height} {...{ eager, alt, className }} />
  );
}
