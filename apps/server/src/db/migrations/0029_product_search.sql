CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"is_active" smallint NOT NULL,
	"parent_product_id" integer,
	"brand_id" integer,
	"brand" text,
	"category_id" integer,
	"category" text,
	"category_path" text,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"mpn" text,
	"upc" text,
	"price" numeric(12, 2) NOT NULL,
	"facets" text[] NOT NULL,
	"words" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_facets" ON "product_search" USING gin ("facets");--> statement-breakpoint
CREATE INDEX "product_search_words" ON "product_search" USING gin ("words");--> statement-breakpoint
CREATE INDEX "product_search_account_id" ON "product_search" USING btree ("account_id","is_active","product_id");--> statement-breakpoint
CREATE INDEX "product_search_account_price" ON "product_search" USING btree ("account_id","is_active","price","product_id");--> statement-breakpoint
CREATE INDEX "product_search_account_name" ON "product_search" USING btree ("account_id","is_active","name","product_id");--> statement-breakpoint
CREATE INDEX "product_search_parent" ON "product_search" USING btree (coalesce("parent_product_id", "product_id"));--> statement-breakpoint
-- Storefront collections search (catalogue-admin.md §2.6, §7 Collections, POST /api/v2/searchkit/proxy): one
-- row per product, rebuilt from products, brands, categories and product_attributes by the statement-level
-- triggers below, so any writer of those tables keeps it right and a bulk insert costs one set-based rebuild.
-- Facet values are 'attribute<US>value' (US = \x1f); an attribute list other than 'Default' prefixes its values.
CREATE OR REPLACE FUNCTION product_search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	-- A statement that changed no searched column (a cost, a weight) costs this test and nothing else.
	IF cardinality(ids) = 0 THEN
		RETURN;
	END IF;
	INSERT INTO product_search (product_id, account_id, is_active, parent_product_id, brand_id, brand, category_id,
		category, category_path, name, sku, mpn, upc, price, facets, words)
	SELECT p.id, p.account_id, p.is_active, p.parent_product_id, p.brand_id, b.name, p.category_id, c.name, c.path,
		p.name, p.sku, p.mpn, p.upc, p.price_sale,
		array_remove(ARRAY[
			'brand' || E'\x1f' || b.name,
			'category' || E'\x1f' || c.name,
			'category.lvl0' || E'\x1f' || split_part(c.path, ' > ', 1),
			CASE WHEN c.path LIKE '% > %' THEN 'category.lvl1' || E'\x1f' || array_to_string((string_to_array(c.path, ' > '))[1:2], ' > ') END,
			CASE WHEN c.path LIKE '% > % > %' THEN 'category.lvl2' || E'\x1f' || array_to_string((string_to_array(c.path, ' > '))[1:3], ' > ') END
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
	ON CONFLICT (product_id) DO UPDATE SET account_id = excluded.account_id, is_active = excluded.is_active,
		parent_product_id = excluded.parent_product_id, brand_id = excluded.brand_id, brand = excluded.brand,
		category_id = excluded.category_id, category = excluded.category, category_path = excluded.category_path,
		name = excluded.name, sku = excluded.sku, mpn = excluded.mpn, upc = excluded.upc, price = excluded.price,
		facets = excluded.facets, words = excluded.words;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_products_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_search_refresh(ARRAY(SELECT id FROM new_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_products_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Only the rows whose searched columns changed: a cost or weight change costs this join and nothing else.
	PERFORM product_search_refresh(ARRAY(
		SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
		WHERE (n.account_id, n.is_active, n.parent_product_id, n.brand_id, n.category_id, n.name, n.sku, n.mpn, n.upc, n.price_sale)
			IS DISTINCT FROM (o.account_id, o.is_active, o.parent_product_id, o.brand_id, o.category_id, o.name, o.sku, o.mpn, o.upc, o.price_sale)));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_attributes_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_search_refresh(ARRAY(SELECT DISTINCT product_id FROM new_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_attributes_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_search_refresh(ARRAY(SELECT DISTINCT product_id FROM old_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_attributes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_search_refresh(ARRAY(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_brands_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_search_refresh(ARRAY(
		SELECT p.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN products p ON p.account_id = n.account_id AND p.brand_id = n.id
		WHERE n.name IS DISTINCT FROM o.name));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_categories_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_search_refresh(ARRAY(
		SELECT p.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN products p ON p.category_id = n.id
		WHERE (n.name, n.path) IS DISTINCT FROM (o.name, o.path)));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_attribute_names_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_search_refresh(ARRAY(
		SELECT DISTINCT pa.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
		JOIN product_attributes pa ON pa.attribute_id = n.id
		WHERE n.name IS DISTINCT FROM o.name));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_search_products_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION product_search_products_insert();
--> statement-breakpoint
CREATE TRIGGER product_search_products_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION product_search_products_update();
--> statement-breakpoint
CREATE TRIGGER product_search_attributes_insert AFTER INSERT ON product_attributes REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION product_search_attributes_new();
--> statement-breakpoint
CREATE TRIGGER product_search_attributes_update AFTER UPDATE ON product_attributes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION product_search_attributes_changed();
--> statement-breakpoint
CREATE TRIGGER product_search_attributes_delete AFTER DELETE ON product_attributes REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION product_search_attributes_old();
--> statement-breakpoint
CREATE TRIGGER product_search_brands_update AFTER UPDATE ON brands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION product_search_brands_update();
--> statement-breakpoint
CREATE TRIGGER product_search_categories_update AFTER UPDATE ON categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION product_search_categories_update();
--> statement-breakpoint
CREATE TRIGGER product_search_attribute_names_update AFTER UPDATE ON attributes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION product_search_attribute_names_update();
--> statement-breakpoint
SELECT product_search_refresh(ARRAY(SELECT id FROM products));
