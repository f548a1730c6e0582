import { useBoot } from "../hooks/use-boot";
import { AppLink } from "./AppLink";
import { Dialog } from "./Dialog";
import { DropdownContent } from "./HeaderDropdown";
import { CloseIcon } from "./icons";
import { SearchBox } from "./SearchBox";

/** The phone's menu behind the header's burger (client/pages.ts loads it when the burger is first used). */
export default function MobileMenu({ onClose }: { onClose(): void }) {
  const { main } = useBoot().menus;
  return (
    <Dialog className="mobile-menu-backdrop" aria-label="Меню" onClose={onClose}>
      <div id="mobile-menu" className="mobile-menu">
        <div className="mobile-menu__head">
          <span className="mobile-menu__title">Меню</span>
          <button type="button" className="icon-button" aria-label="Закрыть меню" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <SearchBox />
        <nav aria-label="Меню сайта">
          <p className="mobile-menu__section">Новостройки</p>
          <DropdownContent />
          <ul className="mobile-menu__main">
            {main.map((item) => (
              <li key={item.to}>
                <AppLink to={item.to}>{item.label}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </Dialog>
  );
}
