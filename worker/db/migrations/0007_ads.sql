-- Advertising (SPEC §3 Banner, Advert): every ad's disclaimer names the developer and the advertiser with its
-- ИНН and erid. Adverts gain the developer and the disclaimer text; banners gain the advertiser's ИНН. Rows
-- that exist already take them from the advertised complex's developer.
ALTER TABLE adverts ADD COLUMN developer TEXT NOT NULL DEFAULT '';
ALTER TABLE adverts ADD COLUMN disclaimer_text TEXT NOT NULL DEFAULT '';
ALTER TABLE banners ADD COLUMN advertiser_inn TEXT NOT NULL DEFAULT '';
UPDATE adverts SET developer = COALESCE((
  SELECT co.name FROM residential_complexes rc JOIN companies co ON co.id = rc.developer_id
  WHERE rc.id = adverts.complex_id
), advertiser),
  disclaimer_text = 'Условия покупки уточняйте в отделе продаж застройщика. Не является публичной офертой.';
UPDATE banners SET advertiser_inn = COALESCE((SELECT inn FROM companies WHERE name = banners.advertiser), '');
-- The banners of kind 'banner' (hero, listing) duplicated the gallery adverts, which stay.
DELETE FROM banners WHERE kind = 'banner';
