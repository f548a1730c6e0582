import { SITE_NAME } from "../../shared/constants";
import { href } from "../../shared/routes";
import { AppLink } from "./AppLink";

export function Footer() {
  const year = 2026;
  return (
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
  );
}
