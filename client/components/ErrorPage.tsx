import { useLocation, useNavigate } from "react-router";
import { AppLink } from "./AppLink";

/** The same address without its `page`; null when the address is not a list's later page. */
function firstPageOf(pathname: string, search: string): string | null {
  const params = new URLSearchParams(search);
  if (!/^\d+$/.test(params.get("page") ?? "") || Number(params.get("page")) <= 1) return null;
  params.delete("page");
  const qs = params.toString();
  return `${pathname}${qs ? `?${qs}` : ""}`;
}

/** Error pages of SPEC §2 and §8 (client/pages.ts loads it when one is shown). */
export default function ErrorPage({ status }: { status: number }) {
  const navigate = useNavigate();
  const location = useLocation();
  if (status === 404) {
    // A list's page past its last one (a shared link to a list that has since shrunk): its first page.
    const first = firstPageOf(location.pathname, location.search);
    return (
      <section className="error-page container">
        <title>404. Страница не найдена</title>
        <meta name="robots" content="noindex" />
        <p className="error-page__code" aria-hidden="true">
          404
        </p>
        <h1>404. Страница не найдена</h1>
        <p>
          Такого адреса на сайте нет. Возможно, страницу удалили или в ссылке опечатка. Что можно сделать:
        </p>
        <ul className="error-page__list">
          {first && (
            <li>
              <AppLink to={first}>открыть первую страницу списка</AppLink>
            </li>
          )}
          <li>
            <button type="button" className="link-button" onClick={() => navigate(-1)}>
              вернуться назад
            </button>
          </li>
          <li>проверить адрес страницы</li>
          <li>
            <AppLink to="/">перейти на главную</AppLink>
          </li>
        </ul>
      </section>
    );
  }
  return (
    <section className="error-page container">
      <title>Неизвестная ошибка</title>
      <meta name="robots" content="noindex" />
      <h1>Неизвестная ошибка</h1>
      <p>
        Мы уже знаем об этой ошибке и скоро её исправим. Попробуйте обновить страницу через несколько минут.
      </p>
      <p>
        <AppLink to="/" className="button">
          Перейти на главную
        </AppLink>
      </p>
    </section>
  );
}
