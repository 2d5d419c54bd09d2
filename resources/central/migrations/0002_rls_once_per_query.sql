
-- Ovillo central archive, migration 0002: the row-level check is computed once per query.
-- 0001's policy called ovillo_may_read(classification, project_ids) on every row. A SECURITY
-- DEFINER function with its own search_path is never inlined, so every row paid a function call
-- and a central_users lookup (a vector row twice: its policy reads records under records' policy).
-- Measured with scripts/bench/sync.py's 100k archive as a restricted, project-limited user:
-- counting the readable records, listing their keys or counting their vectors took 0.8 s each;
-- with the user's classes and projects looked up once per query (a scalar subquery is an
-- InitPlan) 0.2-0.3 s. The rule is unchanged: tombstones hidden, classification within the
-- clearance, a shared project when the user is project-limited; an unknown role reads nothing.

CREATE FUNCTION ovillo_readable_classes() RETURNS text[]
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT coalesce((SELECT CASE u.clearance WHEN 'public' THEN ARRAY['public']
                                             WHEN 'restricted' THEN ARRAY['public', 'restricted']
                                             ELSE ARRAY['public', 'restricted', 'secret'] END
                     FROM central_users u WHERE u.name = session_user), ARRAY[]::text[])
$$;

-- NULL: every project (or an unknown role, which ovillo_readable_classes already shuts out)
CREATE FUNCTION ovillo_readable_projects() RETURNS int[]
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT u.project_ids FROM central_users u WHERE u.name = session_user
$$;

REVOKE ALL ON FUNCTION ovillo_readable_classes() FROM PUBLIC;
REVOKE ALL ON FUNCTION ovillo_readable_projects() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ovillo_readable_classes() TO ovillo_reader;
GRANT EXECUTE ON FUNCTION ovillo_readable_projects() TO ovillo_reader;

DROP POLICY records_read ON records;
CREATE POLICY records_read ON records FOR SELECT TO ovillo_reader
    USING (deleted_at IS NULL
           AND classification = ANY ((SELECT ovillo_readable_classes())::text[])
           AND ((SELECT ovillo_readable_projects()) IS NULL
                OR project_ids && (SELECT ovillo_readable_projects())));
