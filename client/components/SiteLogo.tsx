import { AppLink } from "./AppLink";
import { Logo } from "./icons";

/**
 * The site's logo, a link home. Its accessible name is its visible text followed by where it leads
 * («Новостройки Москвы и Подмосковья — на главную»; on phones, where the second line is hidden, «Новостройки —
 * на главную»): a name that does not start with what is seen fails WCAG 2.5.3 (label in name), and a voice
 * user saying «Новостройки» would not find the link.
 */
export function SiteLogo({ subtitle = true }: { subtitle?: boolean }) {
  return (
    <AppLink to="/" className="header__logo">
      <Logo />
      <span>
        Новостройки
        {subtitle && (
          <>
            {" "}
            <span className="header__logo-sub">Москвы и Подмосковья</span>
          </>
        )}
        <span className="visually-hidden"> — на главную</span>
      </span>
    </AppLink>
  );
}
