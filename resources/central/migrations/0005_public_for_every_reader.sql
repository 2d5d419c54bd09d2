
-- Ovillo central archive, migration 0005: every reader sees at least what a public reader sees.
-- Until now a project-limited user needed a shared project for every record, public ones
-- included, so a restricted researcher on project 1 synced none of the archive's public records
-- outside project 1 while a `public` user read them all. Projects now narrow only what is above
-- public (the rule of core/acl.py): tombstones hidden, classification within the clearance (every
-- clearance includes public), and a shared project only for non-public records of a
-- project-limited user. An unknown role still reads nothing (its readable classes are empty).
-- Vectors follow: rag_embeddings_read reads records under this policy.
DROP POLICY IF EXISTS records_read ON records;
CREATE POLICY records_read ON records FOR SELECT TO ovillo_reader
    USING (deleted_at IS NULL
           AND classification = ANY ((SELECT ovillo_readable_classes())::text[])
           AND (classification = 'public'
                OR (SELECT ovillo_readable_projects()) IS NULL
                OR project_ids && (SELECT ovillo_readable_projects())));
