CREATE TABLE "product_search_changes" (
	"account_id" integer NOT NULL,
	"version" bigint NOT NULL,
	"product_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_search_versions" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"pruned_through" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_search_changes_account_version" ON "product_search_changes" USING btree ("account_id","version");--> statement-breakpoint
-- The change log the collections search's in-process facet indexes follow (domains/collections/facet-index.ts):
-- each statement that writes product_search moves the version of every account it touched on by one and logs
-- the products it wrote under that version. The version row stays locked until the writer commits, so an
-- account's versions commit in order and a reader that sees version v also sees every change logged up to v.
-- Accounts are bumped in id order, before search_facet_counts' triggers lock their counters (trigger names
-- fire in alphabetical order), so concurrent writers take the locks in one order. Every 100th version drops
-- the changes more than 1,000 versions old and records that in pruned_through: an index older than that is
-- built again rather than brought up to date.
CREATE OR REPLACE FUNCTION product_search_log(accounts integer[], products integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF cardinality(products) = 0 THEN
		RETURN;
	END IF;
	WITH bumped AS (
		INSERT INTO product_search_versions AS v (account_id, version)
		SELECT DISTINCT a, 1 FROM unnest(accounts) AS a ORDER BY 1
		ON CONFLICT (account_id) DO UPDATE SET version = v.version + 1
		RETURNING v.account_id, v.version
	)
	INSERT INTO product_search_changes (account_id, version, product_id)
	SELECT DISTINCT c.a, b.version, c.p FROM unnest(accounts, products) AS c(a, p) JOIN bumped b ON b.account_id = c.a;
	UPDATE product_search_versions SET pruned_through = version - 1000
	WHERE account_id = ANY(accounts) AND version % 100 = 0 AND pruned_through < version - 1000;
	DELETE FROM product_search_changes c USING product_search_versions v
	WHERE v.account_id = ANY(accounts) AND c.account_id = v.account_id AND c.version <= v.pruned_through;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_log_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_search_log(ARRAY(SELECT account_id FROM new_rows), ARRAY(SELECT product_id FROM new_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_log_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A product moved to another account is a change of both.
	PERFORM product_search_log(
		ARRAY(SELECT account_id FROM new_rows UNION ALL SELECT account_id FROM old_rows),
		ARRAY(SELECT product_id FROM new_rows UNION ALL SELECT product_id FROM old_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_log_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM product_search_log(ARRAY(SELECT account_id FROM old_rows), ARRAY(SELECT product_id FROM old_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_search_log_insert AFTER INSERT ON product_search REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION product_search_log_insert();
--> statement-breakpoint
CREATE TRIGGER product_search_log_update AFTER UPDATE ON product_search REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION product_search_log_update();
--> statement-breakpoint
CREATE TRIGGER product_search_log_delete AFTER DELETE ON product_search REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION product_search_log_delete();
