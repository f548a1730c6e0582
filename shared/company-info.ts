/**
 * The operator of the site: one place for its name, registration details and contacts, so the contacts page,
 * the legal documents and the advertising page say the same thing.
 */
export const COMPANY = {
  name: "ООО «Новостройки Медиа»",
  fullName: "Общество с ограниченной ответственностью «Новостройки Медиа»",
  inn: "7714983528",
  kpp: "771401001",
  ogrn: "1247700482512",
  /** Registered 14 March 2024 in Moscow. */
  registeredAt: "2024-03-14",
  /** Number in the register of personal data operators kept by Roskomnadzor. */
  operatorRegistry: "77-24-178305",
  address: "127015, Москва, Бутырская улица, дом 76, строение 1, офис 412",
  /** How to reach the office on foot. */
  directions:
    "7 минут пешком от станции метро «Дмитровская» или 10 минут от «Савёловской»: вход со стороны Бутырской улицы, пропуск заказывает сотрудник, к которому вы идёте.",
  phone: { label: "+7 495 120-45-67", href: "tel:+74951204567" },
  adsPhone: { label: "+7 495 120-45-68", href: "tel:+74951204568" },
  /** Mailboxes on the site's own domain (configured: SITE_ORIGIN), written out by the Email component. */
  mailbox: {
    info: "info",
    editorial: "redakciya",
    partners: "partners",
    ads: "reklama",
    privacy: "privacy",
  },
  hours: {
    /** The consultants who answer the phone, the chat and the quiz requests. */
    consultants: "ежедневно с 9:00 до 21:00",
    office: "по будням с 10:00 до 19:00",
  },
  /** The date of the current edition of the policy, the user agreement and the consent form. */
  documentsEdition: "2026-11-01",
} as const;

export type Mailbox = keyof typeof COMPANY.mailbox;
