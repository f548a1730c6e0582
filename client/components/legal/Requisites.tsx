import { COMPANY } from "../../../shared/company-info";
import { formatDate } from "../../../shared/format";
import { Email } from "./StaticPage";

/** The operator's registration details and contacts, the same on every page that names them. */
export function Requisites() {
  return (
    <dl className="requisites">
      <dt>Полное наименование</dt>
      <dd>{COMPANY.fullName}</dd>
      <dt>ИНН / КПП</dt>
      <dd>
        {COMPANY.inn} / {COMPANY.kpp}
      </dd>
      <dt>ОГРН</dt>
      <dd>
        {COMPANY.ogrn}, зарегистрировано {formatDate(COMPANY.registeredAt)} года
      </dd>
      <dt>Адрес</dt>
      <dd>{COMPANY.address}</dd>
      <dt>Реестр операторов персональных данных</dt>
      <dd>регистрационный номер {COMPANY.operatorRegistry}</dd>
      <dt>Телефон</dt>
      <dd>
        <a href={COMPANY.phone.href}>{COMPANY.phone.label}</a>
      </dd>
      <dt>Электронная почта</dt>
      <dd>
        <Email box="info" />
      </dd>
    </dl>
  );
}
