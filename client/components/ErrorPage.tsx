import { useNavigate } from "react-router";
import { AppLink } from "./AppLink";

/** Error pages of SPEC §2 and §8. */
export function ErrorPage({ status }: { status: number }) {
  const navigate = useNavigate();
  if (status === 404) {
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
