-- Trigram search (ARCHITECTURE.md §1): available on PGlite (contrib) and PostgreSQL (trusted extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
