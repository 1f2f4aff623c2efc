-- Every process keeps the registry of remote releases in memory (plugins/app/remotes/
-- remotes-repository.ts) and reads it again when told: a change to a release or a roll-out, by any
-- process, the automatic roll-back or psql, notifies the channel hub_remotes at commit. A release's
-- last_given_at moves every minute and changes nothing a process keeps: it does not notify.
CREATE FUNCTION hub_remotes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hub_remotes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER remote_releases_hub_remotes AFTER INSERT OR DELETE OR UPDATE OF remote, version, manifest_url, contract_version
  ON remote_releases FOR EACH ROW EXECUTE FUNCTION hub_remotes_notify();
CREATE TRIGGER remote_releases_hub_remotes_truncate AFTER TRUNCATE ON remote_releases FOR EACH STATEMENT EXECUTE FUNCTION hub_remotes_notify();
CREATE TRIGGER remote_rollouts_hub_remotes AFTER INSERT OR UPDATE OR DELETE ON remote_rollouts FOR EACH ROW EXECUTE FUNCTION hub_remotes_notify();
CREATE TRIGGER remote_rollouts_hub_remotes_truncate AFTER TRUNCATE ON remote_rollouts FOR EACH STATEMENT EXECUTE FUNCTION hub_remotes_notify();
