ALTER TABLE "users" ADD COLUMN "renamed_from" text;--> statement-breakpoint
-- Added by hand (drizzle-kit does not model triggers): a verified user who changes their name is no
-- longer verified, in the same statement as the change, whichever code path renames them; the name
-- the admin verified is kept for the admin lists. Renamed again before re-verification, the first
-- verified name stays.
CREATE FUNCTION "users_rename_clears_verification"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."is_verified" THEN
    NEW."is_verified" := false;
    NEW."renamed_from" := OLD."name";
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_rename_clears_verification" BEFORE UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (NEW."name" IS DISTINCT FROM OLD."name")
  EXECUTE FUNCTION "users_rename_clears_verification"();
