-- Ovillo central archive, migration 0001 (PostgreSQL >= 16 + pgvector).
-- The shared tables mirror the local DuckDB store column for column (docs/design.md §3).
-- Runs as the administrator (the owner of every table; owners bypass row-level security).

CREATE EXTENSION IF NOT EXISTS vector;

-- Versioned like the local migrations: a client refuses a server with a version it does not know.
CREATE TABLE IF NOT EXISTS central_schema_version (
    version    integer PRIMARY KEY,
    name       text        NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE records (
    section_tipo   text    NOT NULL,
    section_id     bigint  NOT NULL,
    title          text    NOT NULL DEFAULT '',
    lang           text,
    classification text    NOT NULL DEFAULT 'restricted'
                           CHECK (classification IN ('public', 'restricted', 'secret')),
    project_ids    int[]   NOT NULL DEFAULT '{}',
    data           jsonb   NOT NULL DEFAULT '{}',
    date_start     date,
    date_end       date,
    updated_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
    deleted_at     timestamptz,          -- tombstone: identity kept, hidden from every reader
    PRIMARY KEY (section_tipo, section_id)
);
-- the sync's keyset pagination reads in exactly this order
CREATE INDEX records_sync_order ON records (updated_at, section_tipo, section_id);

-- Untyped `vector` plus a `dimension` column (checked), like the local FLOAT[] + dimension:
-- during a model switch two models of different dimension live side by side in one table,
-- which a vector(N) column cannot hold. An HNSW index is then built per model as a partial
-- expression index, e.g. USING hnsw ((embedding::vector(384)) vector_cosine_ops) WHERE model = '…'.
CREATE TABLE rag_embeddings (
    id             text    PRIMARY KEY,  -- section_tipo/section_id/component/lang/chunk_index@model
    section_tipo   text    NOT NULL,
    section_id     bigint  NOT NULL,
    component_tipo text    NOT NULL,
    lang           text,
    chunk_index    integer NOT NULL,
    modality       text    NOT NULL DEFAULT 'text' CHECK (modality IN ('text', 'image')),
    model          text    NOT NULL,
    dimension      integer NOT NULL,
    source_text    text    NOT NULL DEFAULT '',
    source_hash    text    NOT NULL DEFAULT '',
    chunk_meta     jsonb   NOT NULL DEFAULT '{}',   -- heading_path, page, tc_in, tc_out, view …
    embedding      vector  NOT NULL CHECK (vector_dims(embedding) = dimension),
    updated_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
    FOREIGN KEY (section_tipo, section_id) REFERENCES records ON DELETE CASCADE
);
CREATE INDEX rag_embeddings_record ON rag_embeddings (section_tipo, section_id);

-- The model registry: a client reuses vectors only when name and sha256 match its pinned model.
CREATE TABLE models (
    name           text    PRIMARY KEY,
    modality       text    NOT NULL DEFAULT 'text',
    dimension      integer NOT NULL,
    sha256         text    NOT NULL,
    source_package text
);

-- Users are database roles (LOGIN, members of ovillo_reader) with a clearance and, when
-- project-limited, their projects (NULL: every project, and records of none).
CREATE TABLE central_users (
    name        text PRIMARY KEY,    -- the role's name
    clearance   text NOT NULL CHECK (clearance IN ('public', 'restricted', 'secret')),
    project_ids int[]
);

-- updated_at is the server's clock, never the writer's: the sync's watermark depends on it
CREATE FUNCTION ovillo_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.updated_at := clock_timestamp();
    RETURN NEW;
END $$;
CREATE TRIGGER records_touch BEFORE INSERT OR UPDATE ON records
    FOR EACH ROW EXECUTE FUNCTION ovillo_touch();
CREATE TRIGGER rag_embeddings_touch BEFORE INSERT OR UPDATE ON rag_embeddings
    FOR EACH ROW EXECUTE FUNCTION ovillo_touch();

-- The rule of core/acl.py: not tombstoned, classification within the clearance, and a shared
-- project when the user is project-limited. SECURITY DEFINER so readers need no access to
-- central_users; an unknown role sees nothing.
CREATE FUNCTION ovillo_may_read(cls text, projects int[]) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT EXISTS (
        SELECT 1 FROM central_users u
        WHERE u.name = session_user
          AND cls = ANY (CASE u.clearance WHEN 'public' THEN ARRAY['public']
                                          WHEN 'restricted' THEN ARRAY['public', 'restricted']
                                          ELSE ARRAY['public', 'restricted', 'secret'] END)
          AND (u.project_ids IS NULL OR projects && u.project_ids))
$$;

-- Which of the keys a client already holds are tombstones (so it can say "deleted" rather than
-- "revoked"). It reveals nothing about keys the client did not bring.
CREATE FUNCTION ovillo_tombstoned(tipos text[], ids bigint[])
    RETURNS TABLE (section_tipo text, section_id bigint)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT r.section_tipo, r.section_id
    FROM unnest(tipos, ids) AS k(st, sid)
    JOIN records r ON r.section_tipo = k.st AND r.section_id = k.sid
    WHERE r.deleted_at IS NOT NULL
$$;

DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'ovillo_reader') THEN
        CREATE ROLE ovillo_reader NOLOGIN;
    END IF;
END $$;
REVOKE ALL ON records, rag_embeddings, models, central_users, central_schema_version FROM PUBLIC;
REVOKE ALL ON FUNCTION ovillo_may_read(text, int[]) FROM PUBLIC;
REVOKE ALL ON FUNCTION ovillo_tombstoned(text[], bigint[]) FROM PUBLIC;
GRANT SELECT ON records, rag_embeddings, models, central_schema_version TO ovillo_reader;
GRANT EXECUTE ON FUNCTION ovillo_may_read(text, int[]) TO ovillo_reader;
GRANT EXECUTE ON FUNCTION ovillo_tombstoned(text[], bigint[]) TO ovillo_reader;

-- Row-level security on every shared table: the server decides what a role reads,
-- whatever query the client sends (SELECT * without WHERE included).
ALTER TABLE records ENABLE ROW LEVEL SECURITY;
ALTER TABLE rag_embeddings ENABLE ROW LEVEL SECURITY;
ALTER TABLE models ENABLE ROW LEVEL SECURITY;
ALTER TABLE central_users ENABLE ROW LEVEL SECURITY;
ALTER TABLE central_schema_version ENABLE ROW LEVEL SECURITY;

CREATE POLICY records_read ON records FOR SELECT TO ovillo_reader
    USING (deleted_at IS NULL AND ovillo_may_read(classification, project_ids));
-- a vector is readable exactly when its record is (the subquery runs under records' policy)
CREATE POLICY rag_embeddings_read ON rag_embeddings FOR SELECT TO ovillo_reader
    USING (EXISTS (SELECT 1 FROM records r
                   WHERE r.section_tipo = rag_embeddings.section_tipo
                     AND r.section_id = rag_embeddings.section_id));
CREATE POLICY models_read ON models FOR SELECT TO ovillo_reader USING (true);
CREATE POLICY central_schema_version_read ON central_schema_version FOR SELECT TO ovillo_reader USING (true);
-- central_users: no policy for readers at all (RLS on, no grant): only the administrator reads it

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

-- Ovillo central archive, migration 0003: every vector names a registered model.
-- A client reuses central vectors only for a registered model whose sha256 matches its own; it
-- used to look for vectors of unregistered names on every sync, a scan of every readable vector
-- (0.34 s of a 1.1 s sync with nothing to fetch at 100k records). The server now refuses such
-- rows, so a client of a server at version >= 3 skips that scan.
DO $$
DECLARE missing text;
BEGIN
    SELECT string_agg(DISTINCT e.model, ', ') INTO missing
    FROM rag_embeddings e WHERE NOT EXISTS (SELECT 1 FROM models m WHERE m.name = e.model);
    IF missing IS NOT NULL THEN
        RAISE EXCEPTION 'vectors name models that are not registered: %', missing
            USING HINT = 'INSERT INTO models (name, modality, dimension, sha256) for each, then migrate again.';
    END IF;
END $$;

ALTER TABLE rag_embeddings ADD CONSTRAINT rag_embeddings_model_registered
    FOREIGN KEY (model) REFERENCES models (name) ON UPDATE CASCADE;
CREATE INDEX rag_embeddings_model ON rag_embeddings (model);

-- Ovillo central archive, migration 0004: the permitted keys are listed from an index alone.
-- Every sync lists every key the user may read (how revocations are found). That read the
-- records' heap, wide rows of text and JSON, for four narrow columns and the row-level check:
-- 0.19 s of a 0.33 s sync with nothing to fetch at 100k records. With the check's columns
-- included, the listing is an index-only scan (0.10 s).
CREATE INDEX records_permitted_keys ON records (section_tipo, section_id)
    INCLUDE (updated_at, classification, project_ids, deleted_at);

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
