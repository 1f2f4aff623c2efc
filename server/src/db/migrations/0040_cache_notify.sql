-- The server processes keep users, rights and content lists in memory between calls
-- (plugins/app/cache/hub-cache.ts). Any change to what those reads depend on, by any process, a
-- scheduled job or psql, notifies every process on the database at commit: they drop what they
-- keep. NOTIFY folds identical notifications of one transaction into one.
CREATE FUNCTION hub_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hub_cache', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER users_hub_cache AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER users_hub_cache_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER entities_hub_cache AFTER INSERT OR UPDATE OR DELETE ON entities FOR EACH ROW EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER entities_hub_cache_truncate AFTER TRUNCATE ON entities FOR EACH STATEMENT EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER advices_hub_cache AFTER INSERT OR UPDATE OR DELETE ON advices FOR EACH ROW EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER advices_hub_cache_truncate AFTER TRUNCATE ON advices FOR EACH STATEMENT EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER advice_users_hub_cache AFTER INSERT OR UPDATE OR DELETE ON advice_users FOR EACH ROW EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER advice_users_hub_cache_truncate AFTER TRUNCATE ON advice_users FOR EACH STATEMENT EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER dashboards_hub_cache AFTER INSERT OR UPDATE OR DELETE ON dashboards FOR EACH ROW EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER dashboards_hub_cache_truncate AFTER TRUNCATE ON dashboards FOR EACH STATEMENT EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER dashboard_users_hub_cache AFTER INSERT OR UPDATE OR DELETE ON dashboard_users FOR EACH ROW EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER dashboard_users_hub_cache_truncate AFTER TRUNCATE ON dashboard_users FOR EACH STATEMENT EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER news_items_hub_cache AFTER INSERT OR UPDATE OR DELETE ON news_items FOR EACH ROW EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER news_items_hub_cache_truncate AFTER TRUNCATE ON news_items FOR EACH STATEMENT EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER categories_hub_cache AFTER INSERT OR UPDATE OR DELETE ON categories FOR EACH ROW EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER categories_hub_cache_truncate AFTER TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER images_hub_cache AFTER INSERT OR UPDATE OR DELETE ON images FOR EACH ROW EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER images_hub_cache_truncate AFTER TRUNCATE ON images FOR EACH STATEMENT EXECUTE FUNCTION hub_cache_notify();
