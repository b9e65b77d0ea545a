-- Product search at scale (catalogue-admin.md §2.8): whole words through full-text search, misspelt words
-- corrected first against the account's own word list (small, so trigram similarity on it is cheap).
CREATE TABLE IF NOT EXISTS "product_words" (
	"account_id" integer NOT NULL REFERENCES "accounts"("id"),
	"word" text NOT NULL,
	PRIMARY KEY ("account_id", "word")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_words_trgm" ON "product_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_fts" ON "products" USING gin (to_tsvector('simple', "name" || ' ' || "sku" || ' ' || coalesce("mpn", '')));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_words_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO product_words (account_id, word)
	SELECT NEW.account_id, w FROM unnest(tsvector_to_array(to_tsvector('simple', NEW.name))) AS w
	WHERE length(w) > 2
	ON CONFLICT DO NOTHING;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_words AFTER INSERT OR UPDATE OF name ON products FOR EACH ROW EXECUTE FUNCTION product_words_collect();
--> statement-breakpoint
INSERT INTO product_words (account_id, word)
SELECT DISTINCT p.account_id, w FROM products p, unnest(tsvector_to_array(to_tsvector('simple', p.name))) AS w
WHERE length(w) > 2
ON CONFLICT DO NOTHING;
