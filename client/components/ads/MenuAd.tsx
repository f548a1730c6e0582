/**
 * Where the header menu's banner goes (SPEC §3 bannerInMenu). This file is in the entry chunk, the banner is
 * not: its code (the ads chunk), then its data, are fetched the first time the dropdown opens, for people only
 * and never on an advertising visit's reduced page.
 */
import { type ComponentType, useEffect, useState } from "react";
import { useBoot } from "../../hooks/use-boot";

/** Survives the header's remount on navigation. */
let loaded: ComponentType | null = null;

export function MenuAd({ open }: { open: boolean }) {
  const { isBot, ad } = useBoot();
  const [Banner, setBanner] = useState(() => loaded);
  const wanted = !isBot && !ad.has_adv_utm && (open || Banner !== null);

  useEffect(() => {
    if (!wanted || Banner) return;
    let live = true;
    import("./Ads").then(
      (m) => {
        loaded = m.MenuBanner;
        if (live) setBanner(() => m.MenuBanner);
      },
      // The banner is an extra: if its chunk fails to load, the menu goes on without it.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, Banner]);

  if (!wanted) return null;
  // The card's box is kept while its code loads.
  return Banner ? <Banner /> : <div className="ad ad--menu ad--pending" aria-hidden="true" />;
}
