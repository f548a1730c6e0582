import { COMPANY } from "../../shared/company-info";
import { href } from "../../shared/routes";
import { AppLink } from "../components/AppLink";
import { Requisites } from "../components/legal/Requisites";
import { Email, StaticPage } from "../components/legal/StaticPage";
import type { PageProps } from "../pages";

export default function ContactsPage({ match }: PageProps) {
  return (
    <StaticPage
      match={match}
      title="Контакты"
      description={`Адрес редакции в Москве, телефон консультантов (${COMPANY.hours.consultants}), почта для застройщиков, рекламодателей и читателей журнала.`}
      lead="Консультанты помогут выбрать новостройку и разобраться с ипотекой, редакция ответит на вопросы о статьях, а отдел партнёров — застройщикам и рекламодателям."
    >
      <div className="contacts">
        <section className="contacts__card contacts__card--main" aria-labelledby="contacts-phone">
          <h2 id="contacts-phone">Консультанты</h2>
          <p className="contacts__phone">
            <a href={COMPANY.phone.href}>{COMPANY.phone.label}</a>
          </p>
          <p>
            {capitalize(COMPANY.hours.consultants)} по московскому времени. Звонок — по тарифу вашего
            оператора. Рассказываем о жилых комплексах, подбираем квартиры и помогаем сравнить программы
            ипотеки; за консультацию мы денег не берём.
          </p>
          <p>
            Общие вопросы: <Email box="info" />. Нашли на странице ЖК цену или срок сдачи, которые расходятся
            с данными застройщика, — пришлите ссылку на эту почту: проверим и исправим.
          </p>
        </section>

        <section className="contacts__card" aria-labelledby="contacts-office">
          <h2 id="contacts-office">Редакция и офис</h2>
          <p>{COMPANY.address}</p>
          <p>{COMPANY.directions}</p>
          <p>
            Офис работает {COMPANY.hours.office} по московскому времени. Встречи — по предварительной
            договорённости: позвоните или напишите, и мы закажем пропуск.
          </p>
          <p>
            Редакция журнала: <Email box="editorial" />. Предложите тему, расскажите свою историю покупки или
            сообщите о неточности в статье — отвечаем в течение двух рабочих дней.
          </p>
        </section>

        <section className="contacts__card" aria-labelledby="contacts-developers">
          <h2 id="contacts-developers">Застройщикам</h2>
          <p>
            Добавим ваш жилой комплекс в каталог бесплатно, если на него есть разрешение на строительство и
            проектная декларация в Единой информационной системе жилищного строительства. Цены и планировки
            обновляем по фиду в формате XML или по таблице — в течение рабочего дня после получения.
          </p>
          <p>
            Пишите на <Email box="partners" />: укажите название ЖК, застройщика и контакт ответственного за
            данные.
          </p>
        </section>

        <section className="contacts__card" aria-labelledby="contacts-ads">
          <h2 id="contacts-ads">Рекламодателям</h2>
          <p>
            Баннеры, текстово-графические блоки, спецпроекты и статьи в журнале для застройщиков, банков и
            агентств. Форматы, аудитория и порядок маркировки рекламы — на странице{" "}
            <AppLink to={href("ad")}>«Реклама на сайте»</AppLink>.
          </p>
          <p>
            <Email box="ads" />, <a href={COMPANY.adsPhone.href}>{COMPANY.adsPhone.label}</a> (
            {COMPANY.hours.office}).
          </p>
        </section>

        <section className="contacts__card" aria-labelledby="contacts-privacy">
          <h2 id="contacts-privacy">Персональные данные</h2>
          <p>
            Узнать, какие ваши данные мы храним, исправить их или отозвать согласие на обработку можно,
            написав на <Email box="privacy" />. Подробности — в{" "}
            <AppLink to={href("policy")}>политике конфиденциальности</AppLink>.
          </p>
        </section>
      </div>

      <section className="static-page__section" aria-labelledby="contacts-requisites">
        <h2 id="contacts-requisites">Реквизиты</h2>
        <Requisites />
      </section>
    </StaticPage>
  );
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
