-- A developer's published complexes, by index alone: whether a developer has one (the companies' lists and the
-- sitemap leave out those that have none) and a card's counts (total, building, finished). rc_developer holds
-- neither is_published nor is_finished, so each lookup read the complex's row; without an index of the developer
-- the planner walked every published complex per developer (scale 10, 2 040 companies: 3,1 s).
CREATE INDEX rc_developer_published ON residential_complexes (developer_id, is_published, is_finished);
