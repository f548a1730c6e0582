import { SITE_NAME } from "../../shared/constants";
import { href } from "../../shared/routes";
import { AppLink } from "./AppLink";
import { SiteMap } from "./SiteMap";

/**
 * The bottom of every page of the default layout: the site map and the footer (client/pages.ts loads it as
 * the page hydrates: it is below the fold and its links are all it does).
 */
export default function Footer() {
  const year = 2026;
  return (
    <>
      <SiteMap />
      <footer className="footer">
        <div className="container footer__inner">
          <p>
            © {year} {SITE_NAME}. Каталог новостроек Москвы и Московской области. Информация на сайте носит
            справочный характер и не является публичной офертой.
          </p>
          <nav aria-label="Правовая информация" className="footer__links">
            <AppLink to={href("policy")}>Политика конфиденциальности</AppLink>
            <AppLink to={href("terms-of-service")}>Пользовательское соглашение</AppLink>
            <AppLink to={href("data-processing-agreement")}>Согласие на обработку данных</AppLink>
            <AppLink to={href("ad")}>Реклама на сайте</AppLink>
            <AppLink to={href("contacts")}>Контакты</AppLink>
          </nav>
        </div>
      </footer>
    </>
  );
}
