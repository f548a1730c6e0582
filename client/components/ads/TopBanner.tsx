import { useBoot } from "../../hooks/use-boot";
import "./ads.css";

/**
 * The top banner of the default layout (SPEC §2): our own page /banners/top/ in a frame of a fixed height
 * (its box is kept before it loads), sandboxed without scripts, that may only send the page to the ad on a
 * click. Bots never get it.
 */
export function TopBanner() {
  const { isBot } = useBoot();
  if (isBot) return null;
  return (
    <div className="top-banner">
      <iframe
        className="top-banner__frame"
        src="/banners/top/"
        title="Рекламный баннер"
        loading="lazy"
        sandbox="allow-top-navigation-by-user-activation"
      />
    </div>
  );
}
