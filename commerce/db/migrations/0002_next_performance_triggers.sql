-- shows.next_performance_at: the start of the show's earliest on-sale performance, kept in
-- step with every write to performances (whoever makes it: API, seed, tests, SQL) by
-- statement-level triggers. Past performances are included here on purpose: the database
-- clock is not the API's, so readers move a value that is not in the future any more to
-- the next performance after their own "now" (commerce/catalog/search.ts).
CREATE FUNCTION shows_set_next_performance(show_ids integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE shows s
  SET next_performance_at = (
    SELECT min(p.starts_at) FROM performances p
    WHERE p.show_id = s.id AND p.status = 'ON_SALE'
  )
  WHERE s.id = ANY (show_ids);
$$;--> statement-breakpoint
CREATE FUNCTION performances_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shows_set_next_performance(ARRAY(SELECT DISTINCT show_id FROM new_rows));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION performances_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shows_set_next_performance(
    ARRAY(SELECT show_id FROM new_rows UNION SELECT show_id FROM old_rows)
  );
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION performances_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shows_set_next_performance(ARRAY(SELECT DISTINCT show_id FROM old_rows));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER performances_next_on_insert AFTER INSERT ON performances
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION performances_inserted();--> statement-breakpoint
CREATE TRIGGER performances_next_on_update AFTER UPDATE ON performances
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION performances_updated();--> statement-breakpoint
CREATE TRIGGER performances_next_on_delete AFTER DELETE ON performances
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION performances_deleted();--> statement-breakpoint
UPDATE shows s
SET next_performance_at = (
  SELECT min(p.starts_at) FROM performances p
  WHERE p.show_id = s.id AND p.status = 'ON_SALE'
);
