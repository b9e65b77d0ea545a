-- Product search over a million products (catalogue-admin.md §2.8): an inverted index of every word of a
-- product's name, SKU and MPN, kept in SKU order per word. "All these words, in SKU order, first 250" then
-- becomes a merge of a few sorted lists that stops after 250 matches, instead of collecting every match
-- and sorting it (7,000 matches cost ~30 ms that way; the merge costs 1-4 ms).
-- Words are split exactly as the server splits a search text: lower case, runs of letters and digits.
CREATE OR REPLACE FUNCTION product_search_words(name text, sku text, mpn text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT coalesce(array_agg(DISTINCT w), '{}')
	FROM regexp_split_to_table(lower(name || ' ' || sku || ' ' || coalesce(mpn, '')), '[^[:alnum:]]+') AS w
	WHERE w <> ''
$$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "product_terms" (
	"account_id" integer NOT NULL,
	"word" text NOT NULL,
	"sku" text NOT NULL,
	"product_id" integer NOT NULL,
	-- product_id rides in the index so the lists are read without touching the table.
	PRIMARY KEY ("account_id", "word", "sku") INCLUDE ("product_id")
);
--> statement-breakpoint
INSERT INTO product_terms (account_id, word, sku, product_id)
SELECT p.account_id, w, p.sku, p.id FROM products p, unnest(product_search_words(p.name, p.sku, p.mpn)) AS w
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The typo-correction word list (0006) now uses the same words, and both are kept by one statement-level
-- trigger per kind of change, so a bulk insert or a 1,000-product patch maintains them in a few statements.
DROP TRIGGER IF EXISTS products_words ON products;
--> statement-breakpoint
DROP FUNCTION IF EXISTS product_words_collect();
--> statement-breakpoint
DROP INDEX IF EXISTS "products_fts";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_terms_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO product_terms (account_id, word, sku, product_id)
	SELECT n.account_id, w, n.sku, n.id FROM new_rows n, unnest(product_search_words(n.name, n.sku, n.mpn)) AS w
	ON CONFLICT DO NOTHING;
	INSERT INTO product_words (account_id, word)
	SELECT DISTINCT n.account_id, w FROM new_rows n, unnest(product_search_words(n.name, '', '')) AS w
	WHERE length(w) > 2
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_terms_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Only rows whose words can have changed: a price change costs this join and nothing else.
	DELETE FROM product_terms t
	USING old_rows o JOIN new_rows n ON n.id = o.id, unnest(product_search_words(o.name, o.sku, o.mpn)) AS w
	WHERE (n.name, n.sku, coalesce(n.mpn, ''), n.account_id) IS DISTINCT FROM (o.name, o.sku, coalesce(o.mpn, ''), o.account_id)
		AND t.account_id = o.account_id AND t.word = w AND t.sku = o.sku AND t.product_id = o.id;
	INSERT INTO product_terms (account_id, word, sku, product_id)
	SELECT n.account_id, w, n.sku, n.id
	FROM old_rows o JOIN new_rows n ON n.id = o.id, unnest(product_search_words(n.name, n.sku, n.mpn)) AS w
	WHERE (n.name, n.sku, coalesce(n.mpn, ''), n.account_id) IS DISTINCT FROM (o.name, o.sku, coalesce(o.mpn, ''), o.account_id)
	ON CONFLICT (account_id, word, sku) DO UPDATE SET product_id = excluded.product_id;
	INSERT INTO product_words (account_id, word)
	SELECT DISTINCT n.account_id, w
	FROM old_rows o JOIN new_rows n ON n.id = o.id, unnest(product_search_words(n.name, '', '')) AS w
	WHERE n.name IS DISTINCT FROM o.name AND length(w) > 2
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_terms_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM product_terms t USING old_rows o, unnest(product_search_words(o.name, o.sku, o.mpn)) AS w
	WHERE t.account_id = o.account_id AND t.word = w AND t.sku = o.sku AND t.product_id = o.id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_terms_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION product_terms_insert();
--> statement-breakpoint
CREATE TRIGGER products_terms_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION product_terms_update();
--> statement-breakpoint
CREATE TRIGGER products_terms_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION product_terms_delete();
