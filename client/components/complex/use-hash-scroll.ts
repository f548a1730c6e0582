import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After an in-page navigation to `…#section` (a filter, a page of the list, a house tab), brings the section
 * into view. The shell puts every new location at the top in the next frame; this runs the frame after.
 */
export function useHashScroll(): void {
  const { key, hash } = useLocation();
  const first = useRef(key);
  useEffect(() => {
    if (key === first.current || !hash) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => document.getElementById(hash.slice(1))?.scrollIntoView());
    });
    return () => cancelAnimationFrame(frame);
  }, [key, hash]);
}
