import { type FacadeSpec, facadeSrc, type SkylineSpec, skylineSrc } from "../../../shared/art";
import { imageSrc } from "../../../shared/images";
import { LazyImage, type LazyImageProps } from "./LazyImage";

type ImageProps = Omit<LazyImageProps, "src" | "width" | "height">;

/**
 * A drawn picture as an image (shared/art.ts) through the image proxy, sized by its box: decorative unless given
 * `alt`, loaded near the view unless it is the first thing on screen.
 */
export function FacadeImage({ eager, alt, className, ...spec }: FacadeSpec & ImageProps) {
  return (
    <LazyImage
      src={imageSrc(facadeSrc(spec), spec.width)}
      width={spec.width}
      height={spec.height}
      {...{ eager, alt, className }}
    />
  );
}

export function SkylineImage({ eager, alt, className, ...spec }: SkylineSpec & ImageProps) {
  return (
    <LazyImage
      src={imageSrc(skylineSrc(spec), spec.width)}
      width={spec.width}
      height={spec.height}
      {...{ eager, alt, className }}
    />
  );
}
