import { Suspense } from "react";
import { StaticPage } from "../components/legal/StaticPage";
import { lazyPart, type PageProps } from "../pages";

/** The document's text: its own chunk (LegalText.tsx). */
const TEXT = lazyPart<{ name: string }>(() => import("../components/legal/LegalText"));

interface LegalPage {
  title: string;
  description: string;
  lead: string;
}

const POLICY: LegalPage = {
  title: "Политика конфиденциальности",
  description:
    "Какие персональные данные посетителей обрабатывает сайт, зачем, на каком основании и как долго хранит, как отозвать согласие.",
  lead: "Как мы обрабатываем и защищаем персональные данные посетителей сайта по Федеральному закону № 152-ФЗ «О персональных данных».",
};

/** The three legal routes share this page and differ by the route's name. */
const DOCUMENTS: Record<string, LegalPage> = {
  policy: POLICY,
  "terms-of-service": {
    title: "Пользовательское соглашение",
    description:
      "Условия пользования каталогом новостроек, ипотечным калькулятором, опросом и онлайн-чатом: права и обязанности сторон.",
    lead: "Условия, на которых вы пользуетесь каталогом новостроек, калькулятором, опросом и онлайн-чатом.",
  },
  "data-processing-agreement": {
    title: "Согласие на обработку персональных данных",
    description:
      "Текст согласия, которое посетитель даёт, отправляя заявку на подбор квартиры: какие данные, для чего, на какой срок и как его отозвать.",
    lead: "Это согласие вы даёте, когда отправляете заявку на подбор квартиры или обратный звонок.",
  },
};

export default function LegalRoute({ match }: PageProps) {
  const doc = DOCUMENTS[match.route.name] ?? POLICY;
  return (
    <StaticPage match={match} title={doc.title} description={doc.description} lead={doc.lead}>
      <div className="legal">
        <Suspense fallback={null}>
          <TEXT.Component name={match.route.name} />
        </Suspense>
      </div>
    </StaticPage>
  );
}
