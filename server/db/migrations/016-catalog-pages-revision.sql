-- Which provider a menu or group belongs to decides who may frame its widget page, and that
-- lookup is cached under the availability revision (server/embed/frame-origins.ts): a page made,
-- moved to a new slug or deleted is then a new revision at once, in every process, instead of
-- after the cache's minute. Pages change rarely, so the slot lists this also refreshes cost little.
CREATE TRIGGER service_menus_bump_availability_revision
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_menus
  FOR EACH STATEMENT EXECUTE FUNCTION bump_availability_revision();

CREATE TRIGGER service_groups_bump_availability_revision
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_groups
  FOR EACH STATEMENT EXECUTE FUNCTION bump_availability_revision();
