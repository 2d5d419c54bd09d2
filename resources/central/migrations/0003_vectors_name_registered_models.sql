
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
