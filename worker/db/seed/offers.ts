/**
 * The developers' special offers of the seed, each written from its complex's facts: a house an offer names
 * exists and has flats on sale, «строящийся» or «сданный» is that house's stage, studios, three-room flats,
 * a finishing, an underground car park or a bank are named only where the complex has them. A kind of offer
 * that cannot be true of a complex returns null, and the complex gets the next kind that can.
 */
import { formatDeadline, formatPriceFrom, formatPriceShort } from "../../../shared/format";
import { DOWN_SHARE, formatRate, formatShare, PROGRAM_TERMS } from "../../../shared/mortgage-payment";

export interface OfferHouse {
  id: number;
  /** «Корпус 2» */
  name: string;
  stage: number;
  finished: boolean;
  deadlineYear: number;
  deadlineQuarter: number;
}

export interface OfferFlat {
  houseId: number;
  rooms: number;
  area: number;
  price: number;
  otdelka: number;
}

/** What an offer may say about its complex. */
export interface OfferFacts {
  houses: OfferHouse[];
  /** The flats on sale. */
  sale: OfferFlat[];
  /** Bits of shared/codes.ts PARKING: 1 underground, 2 ground, 3 multi-storey. */
  parkingMask: number;
  /** The banks that lend on the complex's flats (its escrow bank first). */
  banks: readonly string[];
}

export interface OfferText {
  title: string;
  subTitle: string | null;
  text: string;
}

const NBSP = "\u00a0";

/** «корпусе 2», «корпусах 2 и 3»: the houses' numbers after the word, in the prepositional case. */
function inHouses(houses: readonly OfferHouse[]): string {
  const numbers = houses.map((h) => h.name.replace(/^Корпус\s+/, ""));
  if (numbers.length === 1) return `корпусе ${numbers[0]}`;
  return `корпусах ${numbers.slice(0, -1).join(", ")} и ${numbers[numbers.length - 1]}`;
}

const housesWithSale = (f: OfferFacts) => f.houses.filter((h) => f.sale.some((a) => a.houseId === h.id));

/** The houses being built that have flats on sale; null when there are none. */
function building(f: OfferFacts): OfferHouse[] | null {
  const open = housesWithSale(f).filter((h) => !h.finished);
  return open.length ? open : null;
}

/** «в строящихся корпусах 2 и 3»; «в ещё не сданном корпусе 2» when one of them is only at its start of sales. */
function whereBuilding(open: readonly OfferHouse[]): string {
  const one = open.length === 1;
  const adjective = open.every((h) => h.stage === 2)
    ? one
      ? "строящемся"
      : "строящихся"
    : one
      ? "ещё не сданном"
      : "ещё не сданных";
  return `в ${adjective} ${inHouses(open)}`;
}

const hasParking = (f: OfferFacts, code: number) => (f.parkingMask & (1 << code)) !== 0;

const ROOMS_GENITIVE: Record<number, string> = {
  2: "двухкомнатной",
  3: "трёхкомнатной",
  4: "четырёхкомнатной",
};

const FINISH: Record<number, string> = {
  1: "с предчистовой отделкой",
  2: "без отделки",
  3: "с чистовой отделкой",
  4: "с отделкой и мебелью",
};

const family = PROGRAM_TERMS.family;

/**
 * «ВТБ: 6 % на весь срок, взнос от 20 %, срок до 30 лет, кредит до 12 млн ₽.»: the family programme's
 * conditions with the bank that lends, as an advert of it must state them (shared/ads-rules.ts), short enough
 * for the top banner's two lines on a phone.
 */
export function familyMortgageTerms(bank: string): string {
  const limit = family.maxLoan === null ? "" : `, кредит до${NBSP}${formatPriceShort(family.maxLoan)}`;
  return `${bank}: ${formatRate(family.rate)} на весь срок, взнос от${NBSP}${formatShare(family.minDownShare)}, срок до${NBSP}${family.maxTermYears}${NBSP}лет${limit}.`;
}

/** The offers' kinds, in the order complexes are dealt them. */
export const OFFER_KINDS: readonly ((f: OfferFacts) => OfferText | null)[] = [
  (f) => {
    const open = building(f);
    if (!open) return null;
    const where =
      open.length === housesWithSale(f).length
        ? "на все квартиры в продаже"
        : `на квартиры ${whereBuilding(open)}`;
    return {
      title: `Скидка до 7${NBSP}% при полной оплате`,
      subTitle: null,
      text: `Скидка действует ${where} при оплате без ипотеки и рассрочки.`,
    };
  },
  (f) => {
    const open = building(f);
    if (!open) return null;
    return {
      title: `Рассрочка 0${NBSP}% до сдачи дома`,
      subTitle: `Первый взнос — от ${formatShare(DOWN_SHARE)}`,
      text: `Остаток стоимости квартиры ${whereBuilding(open)} можно вносить равными платежами до ввода дома в эксплуатацию.`,
    };
  },
  (f) => {
    const bank = f.banks[0];
    if (!bank || !f.sale.length) return null;
    return {
      title: `Ипотека от 5,9${NBSP}% на весь срок`,
      subTitle: "Субсидия застройщика",
      text: `Кредит выдаёт ${bank}: ставка от${NBSP}5,9${NBSP}% на весь срок, первоначальный взнос от${NBSP}${formatShare(DOWN_SHARE)}, срок до${NBSP}${family.maxTermYears}${NBSP}лет. Ставка снижена за счёт застройщика; уточняйте, как субсидия влияет на цену квартиры.`,
    };
  },
  (f) => {
    const rooms = [3, 2, 4].find((r) => f.sale.some((a) => a.rooms === r));
    const place = hasParking(f, 1)
      ? "место в подземном паркинге"
      : hasParking(f, 3)
        ? "место в многоуровневом паркинге"
        : hasParking(f, 2)
          ? "место на наземной парковке"
          : null;
    if (rooms === undefined || !place) return null;
    return {
      title:
        hasParking(f, 2) && !hasParking(f, 1) && !hasParking(f, 3)
          ? "Парковочное место в подарок"
          : "Машино-место в подарок",
      subTitle: null,
      text: `При покупке ${ROOMS_GENITIVE[rooms]} квартиры — ${place} без доплаты.`,
    };
  },
  (f) => {
    if (!hasParking(f, 1) || !f.sale.some((a) => a.area >= 60)) return null;
    return {
      title: "Кладовая в подарок",
      subTitle: null,
      text: `К квартирам площадью от${NBSP}60${NBSP}м² — кладовая на подземном уровне.`,
    };
  },
  (f) => {
    const house = housesWithSale(f).find((h) => f.sale.some((a) => a.houseId === h.id && a.otdelka === 2));
    if (!house) return null;
    return {
      title: "Отделка за 1 ₽",
      subTitle: `Для квартир без отделки в ${inHouses([house])}`,
      text: house.finished
        ? "Чистовая отделка включена в цену квартиры: после отделки вы получаете ключи и можете заезжать."
        : "Чистовая отделка включена в цену квартиры: после сдачи дома вы получаете ключи и можете заезжать.",
    };
  },
  (f) => {
    const bank = f.banks[0];
    if (!bank || !f.sale.length) return null;
    return {
      title: `Семейная ипотека ${formatRate(family.rate)} без удорожания`,
      subTitle: null,
      text: `${familyMortgageTerms(bank)} Цена квартиры такая же, как при оплате наличными.`,
    };
  },
  (f) =>
    f.sale.length
      ? {
          title: "Trade-in: зачтём вашу квартиру",
          subTitle: "Оценка за один день",
          text: "Застройщик выкупает вашу квартиру или продаёт её, а деньги идут в оплату новой.",
        }
      : null,
  (f) => {
    const house = housesWithSale(f).find((h) => h.stage === 1);
    if (!house) return null;
    const min = Math.min(...f.sale.filter((a) => a.houseId === house.id).map((a) => a.price));
    return {
      title: `Старт продаж: ${house.name.toLowerCase()}`,
      subTitle: null,
      text: `Продажи в ${inHouses([house])} только начались: квартиры ${formatPriceFrom(min)}, срок сдачи — ${formatDeadline(house.deadlineYear, house.deadlineQuarter)}.`,
    };
  },
  (f) => {
    const withStudios = housesWithSale(f).filter((h) =>
      f.sale.some((a) => a.houseId === h.id && a.rooms === 0),
    );
    const house = withStudios.find((h) => h.finished) ?? withStudios[0];
    if (!house) return null;
    const finishes = new Set(
      f.sale.filter((a) => a.houseId === house.id && a.rooms === 0).map((a) => a.otdelka),
    );
    const [only] = finishes;
    const finish = finishes.size === 1 && only !== undefined ? ` ${FINISH[only]}` : "";
    return {
      title: `Скидка 5${NBSP}% на студии`,
      subTitle: null,
      text: `Предложение ограничено: студии${finish} в ${house.finished ? "сданном" : house.stage === 2 ? "строящемся" : "ещё не сданном"} ${inHouses([house])}.`,
    };
  },
];

/**
 * Deals the kinds of offer to complexes in turn: each complex gets the next kind that is true of it, and the
 * one after that is next in line, so a rare kind (a start of sales, studios) that fails does not leave its
 * turn to the same neighbour every time. Null for a complex no kind is true of.
 */
export function offerDealer(): (f: OfferFacts) => OfferText | null {
  let next = 0;
  return (f) => {
    for (let k = 0; k < OFFER_KINDS.length; k++) {
      const kind = (next + k) % OFFER_KINDS.length;
      const offer = OFFER_KINDS[kind]?.(f);
      if (offer) {
        next = kind + 1;
        return offer;
      }
    }
    return null;
  };
}
