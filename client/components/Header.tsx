import { Suspense, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { useLocation } from "react-router";
import { DROPDOWN_DEBOUNCE_MS } from "../../shared/constants";
import { ALERTS_PATH, href } from "../../shared/routes";
import { useBoot } from "../hooks/use-boot";
import { useFavorites } from "../hooks/use-favorites";
import { HEADER_DROPDOWN, MOBILE_MENU } from "../pages";
import { AppLink } from "./AppLink";
import { BellIcon, BookmarkIcon, ChevronIcon, HeartIcon, MenuIcon, PhoneIcon, SearchIcon } from "./icons";
import { SearchBox } from "./SearchBox";
import { SiteLogo } from "./SiteLogo";
import "./Header.css";

const FAVORITES = href("favorites");
const SEARCH = href("search");
/** The phone's menu starts loading as the burger is touched or focused, before the press. */
const preloadMenu = () => void MOBILE_MENU.preload().catch(() => undefined);
/** «Мои подписки» and the saved searches are the worker's own pages (worker/alerts): a plain link loads them. */
const ICONS = [
  { label: "Подписаться: мои подписки", Icon: BellIcon, to: ALERTS_PATH },
  { label: "Избранное", Icon: HeartIcon, to: FAVORITES },
  { label: "Закладки: сохранённые поиски", Icon: BookmarkIcon, to: `${ALERTS_PATH}#poiski` },
];

export function Header({ reduced = false }: { reduced?: boolean }) {
  const location = useLocation();
  const [dropdown, setDropdown] = useState(false);
  const [menu, setMenu] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dropdownButton = useRef<HTMLButtonElement>(null);
  const favorites = useFavorites().ids;
  const { phone, menus } = useBoot();
  // The menu shows once its content's part has loaded: until then its boundary is the server's HTML, in which
  // React drops a key or a click (Esc would not close the menu). The part comes as the page hydrates, so an
  // early press opens the menu a moment later instead: only then does its coming render the header again (a
  // render of the whole header for a menu nobody opened was one of the longest tasks after hydration on a
  // phone, 60–90 ms at the calibrated speed).
  const contentLoaded = useRef(false);
  const asked = useRef(false);
  asked.current = dropdown;
  const [, loadedWhileAsked] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    let live = true;
    const loaded = () => {
      contentLoaded.current = true;
      if (live && asked.current) loadedWhileAsked();
    };
    // In a task of its own, not in the effects of hydration's commit: an import() starts its fetch on the main
    // thread, and with it that task of a phone was over 50 ms on the home page (9× throttling, CPU profile).
    const later = setTimeout(() => HEADER_DROPDOWN.preload().then(loaded, loaded), 0);
    return () => {
      live = false;
      clearTimeout(later);
    };
  }, []);
  const open = dropdown && contentLoaded.current;
  // One element while `open` stays the same: a boundary that the browser has not hydrated yet keeps the
  // server's HTML only while its props do (new ones would make React drop it for the fallback until the chunk
  // came), and `open` cannot change before the part has loaded.
  const menuContent = useMemo(
    () => (
      <Suspense fallback={null}>
        <HEADER_DROPDOWN.Component open={open} />
      </Suspense>
    ),
    [open],
  );

  // Menus close on any route change (SPEC §4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is about the location changing
  useEffect(() => {
    clearTimeout(timer.current);
    setDropdown(false);
    setMenu(false);
  }, [location.key]);

  const hover = (open: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setDropdown(open), DROPDOWN_DEBOUNCE_MS);
  };

  return (
    <header className="header">
      <div className="header__inner container">
        <SiteLogo />
        <nav className="header__nav" aria-label="Главное меню">
          {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only adds the debounce; the button opens it by keyboard */}
          <div
            className="header__dropdown"
            onMouseEnter={() => hover(true)}
            onMouseLeave={() => hover(false)}
            onKeyDown={(e) => {
              if (e.key === "Escape" && open) {
                setDropdown(false);
                dropdownButton.current?.focus();
              }
            }}
            onBlur={(e) => {
              // Focus that leaves the menu (Tab past its last link) closes it.
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropdown(false);
            }}
          >
            <button
              ref={dropdownButton}
              type="button"
              className="header__item"
              aria-expanded={open}
              aria-controls="header-dropdown"
              onClick={() => {
                clearTimeout(timer.current);
                setDropdown((o) => !o);
              }}
            >
              Новостройки <ChevronIcon width={16} height={16} />
            </button>
            <div id="header-dropdown" className="dropdown" hidden={!open}>
              {menuContent}
            </div>
          </div>
          {menus.main.map((item) => (
            <AppLink key={item.to} to={item.to} className="header__item">
              {item.label}
            </AppLink>
          ))}
        </nav>
        <SearchBox />
        {/* Where the box does not fit (below 1280 px, phones too): the search page, with or without JavaScript. */}
        <AppLink
          to={SEARCH}
          className="icon-button header__search"
          aria-label="Поиск по сайту"
          title="Поиск по сайту"
        >
          <SearchIcon />
        </AppLink>
        <div className="header__icons">
          <a href={`tel:${phone}`} className="icon-button" aria-label="Позвонить" title="Позвонить">
            <PhoneIcon />
          </a>
          {ICONS.map(({ label, Icon, to }) => {
            // The heart shows how many complexes are in the favourites (known only in the browser).
            const count = to === FAVORITES ? favorites.length : 0;
            if (to.startsWith(ALERTS_PATH))
              return (
                <a key={label} href={to} className="icon-button" aria-label={label} title={label}>
                  <Icon />
                </a>
              );
            return (
              <AppLink
                key={label}
                to={to}
                className={to === FAVORITES ? "icon-button header__favorites" : "icon-button"}
                aria-label={count ? `${label}: ${count}` : label}
                title={label}
              >
                <Icon />
                {count > 0 && (
                  <span className="header__count" aria-hidden="true">
                    {count}
                  </span>
                )}
              </AppLink>
            );
          })}
        </div>
        {/* Without JavaScript the burger cannot open the menu: this link leads to the site map at the page's end. */}
        {!reduced && (
          <a
            href="#sitemap"
            className="icon-button header__burger header__burger--link"
            aria-label="Карта сайта"
          >
            <MenuIcon />
          </a>
        )}
        {!reduced && (
          <button
            type="button"
            className="icon-button header__burger"
            aria-label="Открыть меню"
            aria-expanded={menu}
            aria-controls="mobile-menu"
            onClick={() => setMenu(true)}
            onPointerEnter={preloadMenu}
            onFocus={preloadMenu}
          >
            <MenuIcon />
          </button>
        )}
      </div>
      {!reduced && menu && (
        <Suspense fallback={null}>
          <MOBILE_MENU.Component onClose={() => setMenu(false)} />
        </Suspense>
      )}
    </header>
  );
}
