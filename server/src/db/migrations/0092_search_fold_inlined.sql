-- search_fold() (migration 0080) is an SQL function whose body calls unaccent(), which the
-- extension declares only STABLE: PostgreSQL then cannot inline search_fold into a query, and each
-- call runs as a small query of its own (at the benchmark's full size, a tenth of PostgreSQL's
-- time for a customer's search before the search folded its words once; still each row of a
-- typo's fallback, whose titles are compared by similarity, and each message's author).
--
-- The same C function declared IMMUTABLE (it is, for a named dictionary) lets PostgreSQL inline
-- search_fold wherever it appears, in queries and in the expression indexes alike (both are
-- inlined the same way, so the indexes still serve). Declaring a C function takes a superuser: the
-- embedded database and a server set up by the portal's own scripts are; elsewhere search_fold
-- stays as it was, slower and just as right.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    CREATE FUNCTION search_unaccent(regdictionary, text) RETURNS text
      LANGUAGE c IMMUTABLE PARALLEL SAFE STRICT AS '$libdir/unaccent', 'unaccent_dict';
    -- Named with its schema, as search_fold's body is read with the search_path of each query.
    EXECUTE format($create$
      CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $fold$ SELECT lower(%I.search_unaccent('extensions.unaccent'::regdictionary, value)) $fold$
    $create$, current_schema());
  END IF;
END $$;
