import { type FacadeSpec, facadeSrc } from "../../../shared/art";

/**
 * A drawn façade as an image (shared/art.ts), sized by its box: decorative unless given `alt`, lazy unless it
 * is the first thing on screen (`eager`: the home hero, a listing's top ad, a complex's main view).
 */
export function FacadeImage({
  eager = false,
  alt = "",
  ...spec
}: FacadeSpec & { eager?: boolean; alt?: string }) {
  return (
    <img
      src={facadeSrc(spec)}
      width={spec.width}
      height={spec.height}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      {...(eager ? { fetchPriority: "high" as const } : {})}
    />
  );
}
