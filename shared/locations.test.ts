import { describe, expect, it } from "vitest";
import { locationHeading, prepositional } from "./locations";

describe("location headings", () => {
  it("declines names into the prepositional case", () => {
    expect(prepositional("Ленинградское шоссе")).toBe("Ленинградском шоссе");
    expect(prepositional("Рублёво-Успенское шоссе")).toBe("Рублёво-Успенском шоссе");
    expect(prepositional("Центральный административный округ")).toBe("Центральном административном округе");
    expect(prepositional("Ярославское направление")).toBe("Ярославском направлении");
    expect(prepositional("Городской округ Балашиха")).toBe("городском округе Балашиха");
    expect(prepositional("Богородский городской округ")).toBe("Богородском городском округе");
    expect(prepositional("Муниципальный округ Истра")).toBe("муниципальном округе Истра");
  });

  it("writes natural Russian headings", () => {
    expect(locationHeading("po-metro", "Сокольники")).toBe("Новостройки у метро Сокольники");
    expect(locationHeading("po-shosse", "Каширское шоссе")).toBe("Новостройки на Каширском шоссе");
    expect(locationHeading("po-rajonam", "Сосенское", "поселение")).toBe("Новостройки в поселении Сосенское");
    expect(locationHeading("po-gorodam", "Балашиха", "город")).toBe("Новостройки в городе Балашиха");
    expect(locationHeading("po-regionam", "Москва", undefined, "в Москве")).toBe("Новостройки в Москве");
  });
});
