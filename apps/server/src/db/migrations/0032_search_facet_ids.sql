CREATE TABLE "search_facet_counts" (
	"account_id" integer NOT NULL,
	"facet_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "search_facet_counts_account_id_facet_id_pk" PRIMARY KEY("account_id","facet_id")
);
--> statement-breakpoint
CREATE TABLE "search_facet_values" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_facet_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token" text NOT NULL,
	"attribute" text NOT NULL,
	CONSTRAINT "search_facet_values_token_unique" UNIQUE("token")
);
--> statement-breakpoint
DROP INDEX "product_search_facets";--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "facet_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "search_facet_values_attribute" ON "search_facet_values" USING btree ("attribute","id");--> statement-breakpoint
-- Integer facet keys and kept unrefined counts for the collections search (POST /api/v2/searchkit/proxy; how
-- the counts are computed: README, Development, bench:collections). The rows a refresh writes are now a
-- function so the refresh can first give every new facet value its id (search_facet_values) and then write
-- product_search with facets as ids (facet_ids). The price is a facet value too ('price<US>12.50'), so the
-- price facet is counted like any other.
CREATE OR REPLACE FUNCTION product_search_source(ids integer[]) RETURNS TABLE (product_id integer, account_id integer,
	is_active smallint, parent_product_id integer, brand_id integer, brand text, category_id integer, category text,
	category_path text, name text, sku text, mpn text, upc text, price numeric(12, 2), facets text[], words tsvector)
LANGUAGE sql STABLE AS $$
	SELECT p.id, p.account_id, p.is_active, p.parent_product_id, p.brand_id, b.name, p.category_id, c.name, c.path,
		p.name, p.sku, p.mpn, p.upc, p.price_sale,
		array_remove(ARRAY[
			'brand' || E'\x1f' || b.name,
			'category' || E'\x1f' || c.name,
			'category.lvl0' || E'\x1f' || split_part(c.path, ' > ', 1),
			CASE WHEN c.path LIKE '% > %' THEN 'category.lvl1' || E'\x1f' || array_to_string((string_to_array(c.path, ' > '))[1:2], ' > ') END,
			CASE WHEN c.path LIKE '% > % > %' THEN 'category.lvl2' || E'\x1f' || array_to_string((string_to_array(c.path, ' > '))[1:3], ' > ') END,
			'price' || E'\x1f' || p.price_sale::text
		], NULL) || coalesce(a.facets, '{}'),
		to_tsvector('simple', p.name || ' ' || p.sku || ' ' || coalesce(p.mpn, '') || ' ' || coalesce(b.name, ''))
	FROM unnest(ids) AS i(id)
	JOIN products p ON p.id = i.id
	LEFT JOIN brands b ON b.id = p.brand_id
	LEFT JOIN categories c ON c.id = p.category_id
	LEFT JOIN LATERAL (
		SELECT array_agg(DISTINCT at.name || E'\x1f' || CASE WHEN l.key = 'Default' THEN v ELSE l.key || ': ' || v END) AS facets
		FROM product_attributes pa
		JOIN attributes at ON at.id = pa.attribute_id
		CROSS JOIN LATERAL jsonb_each(pa.value_json) AS l
		CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(l.value) = 'array' THEN l.value ELSE '[]'::jsonb END) AS v
		WHERE pa.product_id = p.id AND v <> ''
	) a ON true
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	-- A statement that changed no searched column (a cost, a weight) costs this test and nothing else.
	IF cardinality(ids) = 0 THEN
		RETURN;
	END IF;
	-- New facet values get their ids first, in a statement of their own so that the next one sees them
	-- (also those a concurrent refresh added: ON CONFLICT waits for it). Sorted, so concurrent refreshes
	-- take the token index's locks in one order.
	INSERT INTO search_facet_values (token, attribute)
	SELECT t, split_part(t, E'\x1f', 1)
	FROM (SELECT DISTINCT t FROM product_search_source(ids) s CROSS JOIN LATERAL unnest(s.facets) AS t) x
	ORDER BY t
	ON CONFLICT (token) DO NOTHING;
	INSERT INTO product_search (product_id, account_id, is_active, parent_product_id, brand_id, brand, category_id,
		category, category_path, name, sku, mpn, upc, price, facets, facet_ids, words)
	SELECT s.product_id, s.account_id, s.is_active, s.parent_product_id, s.brand_id, s.brand, s.category_id,
		s.category, s.category_path, s.name, s.sku, s.mpn, s.upc, s.price, s.facets,
		ARRAY(SELECT v.id FROM unnest(s.facets) AS t JOIN search_facet_values v ON v.token = t ORDER BY v.id),
		s.words
	FROM product_search_source(ids) s
	ON CONFLICT (product_id) DO UPDATE SET account_id = excluded.account_id, is_active = excluded.is_active,
		parent_product_id = excluded.parent_product_id, brand_id = excluded.brand_id, brand = excluded.brand,
		category_id = excluded.category_id, category = excluded.category, category_path = excluded.category_path,
		name = excluded.name, sku = excluded.sku, mpn = excluded.mpn, upc = excluded.upc, price = excluded.price,
		facets = excluded.facets, facet_ids = excluded.facet_ids, words = excluded.words;
END $$;
--> statement-breakpoint
-- search_facet_counts: the active products of each account per facet value (facet_id 0: all of them), kept
-- by adding what a statement wrote to product_search and taking away what it replaced or deleted. Rows are
-- written in (account, facet) order so concurrent writers lock the counters in one order (no deadlock).
CREATE OR REPLACE FUNCTION search_facet_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_facet_counts (account_id, facet_id, n)
	SELECT r.account_id, f, count(*) FROM new_rows r CROSS JOIN LATERAL unnest(r.facet_ids || 0) AS f
	WHERE r.is_active = 1 GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT (account_id, facet_id) DO UPDATE SET n = search_facet_counts.n + excluded.n;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_facet_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_facet_counts (account_id, facet_id, n)
	SELECT account_id, f, sum(d) FROM (
		SELECT r.account_id, f, 1 AS d FROM new_rows r CROSS JOIN LATERAL unnest(r.facet_ids || 0) AS f WHERE r.is_active = 1
		UNION ALL
		SELECT r.account_id, f, -1 FROM old_rows r CROSS JOIN LATERAL unnest(r.facet_ids || 0) AS f WHERE r.is_active = 1
	) x GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
	ON CONFLICT (account_id, facet_id) DO UPDATE SET n = search_facet_counts.n + excluded.n;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_facet_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_facet_counts (account_id, facet_id, n)
	SELECT r.account_id, f, -count(*) FROM old_rows r CROSS JOIN LATERAL unnest(r.facet_ids || 0) AS f
	WHERE r.is_active = 1 GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT (account_id, facet_id) DO UPDATE SET n = search_facet_counts.n + excluded.n;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- The rows already there get their price value and their facet ids from what they hold (what the refresh
-- would write, without rebuilding every row from the base tables): one set-based join, with the table's other
-- indexes dropped meanwhile and built again after (a million rows: minutes, not the hours of row-by-row
-- index upkeep).
INSERT INTO search_facet_values (token, attribute)
SELECT t, split_part(t, E'\x1f', 1)
FROM (SELECT DISTINCT unnest(facets || ('price' || E'\x1f' || price::text)) AS t FROM product_search) x
ORDER BY t;
--> statement-breakpoint
DROP INDEX "product_search_words";--> statement-breakpoint
DROP INDEX "product_search_account_id";--> statement-breakpoint
DROP INDEX "product_search_account_price";--> statement-breakpoint
DROP INDEX "product_search_account_name";--> statement-breakpoint
DROP INDEX "product_search_parent";--> statement-breakpoint
UPDATE product_search s SET facets = s.facets || ('price' || E'\x1f' || s.price::text), facet_ids = x.ids
FROM (
	SELECT r.product_id, array_agg(v.id ORDER BY v.id) AS ids
	FROM product_search r
	CROSS JOIN LATERAL unnest(r.facets || ('price' || E'\x1f' || r.price::text)) AS t
	JOIN search_facet_values v ON v.token = t
	GROUP BY r.product_id
) x
WHERE x.product_id = s.product_id;
--> statement-breakpoint
CREATE INDEX "product_search_words" ON "product_search" USING gin ("words");--> statement-breakpoint
CREATE INDEX "product_search_account_id" ON "product_search" USING btree ("account_id","is_active","product_id");--> statement-breakpoint
CREATE INDEX "product_search_account_price" ON "product_search" USING btree ("account_id","is_active","price","product_id");--> statement-breakpoint
CREATE INDEX "product_search_account_name" ON "product_search" USING btree ("account_id","is_active","name","product_id");--> statement-breakpoint
CREATE INDEX "product_search_parent" ON "product_search" USING btree (coalesce("parent_product_id", "product_id"));
--> statement-breakpoint
CREATE INDEX "product_search_facet_ids" ON "product_search" USING gin ("facet_ids");
--> statement-breakpoint
INSERT INTO search_facet_counts (account_id, facet_id, n)
SELECT s.account_id, f, count(*) FROM product_search s CROSS JOIN LATERAL unnest(s.facet_ids || 0) AS f
WHERE s.is_active = 1 GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER search_facet_counts_insert AFTER INSERT ON product_search REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION search_facet_counts_insert();
--> statement-breakpoint
CREATE TRIGGER search_facet_counts_update AFTER UPDATE ON product_search REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION search_facet_counts_update();
--> statement-breakpoint
CREATE TRIGGER search_facet_counts_delete AFTER DELETE ON product_search REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION search_facet_counts_delete();
--> statement-breakpoint
ANALYZE product_search;
