-- The input log is append-only: nothing a player or GM submitted is ever changed or lost.
CREATE OR REPLACE FUNCTION inputs_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the input log is append-only (% refused)', TG_OP USING ERRCODE = 'P0001';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS inputs_append_only ON "inputs";
--> statement-breakpoint
CREATE TRIGGER inputs_append_only BEFORE UPDATE OR DELETE ON "inputs"
  FOR EACH ROW EXECUTE FUNCTION inputs_append_only();
