CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" bigint[] NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_idx" ON "rate_limit_hits" USING btree ("expires_at");--> statement-breakpoint
/*
 * One hit of a rate-limited key at p_now (ms since the epoch), under the lock of the key's row so
 * that hits from every instance count: `recent` is the key's hits within p_window_ms after it.
 * A hit is `taken` while the key has fewer than p_max recent hits; past them, it is refused and not
 * kept, unless p_always (a failure that has happened, which must count): then it is kept and the
 * oldest hit dropped, so a key never holds more than p_max.
 */
CREATE FUNCTION "rate_limit_hit"(
	p_key text, p_now bigint, p_window_ms bigint, p_max integer, p_always boolean,
	OUT taken boolean, OUT recent bigint[]
) LANGUAGE plpgsql AS $$
DECLARE
	kept bigint[];
BEGIN
	LOOP
		SELECT r.hits INTO kept FROM rate_limit_hits r WHERE r.key = p_key FOR UPDATE;
		IF NOT FOUND THEN
			INSERT INTO rate_limit_hits (key, hits, expires_at)
			VALUES (p_key, ARRAY[p_now], to_timestamp((p_now + p_window_ms) / 1000.0))
			ON CONFLICT (key) DO NOTHING;
			-- Inserted unless another instance inserted the key first: then lock theirs and count again.
			IF FOUND THEN
				taken := true;
				recent := ARRAY[p_now];
				RETURN;
			END IF;
			CONTINUE;
		END IF;
		recent := ARRAY(SELECT h FROM unnest(kept) h WHERE h > p_now - p_window_ms ORDER BY h);
		taken := cardinality(recent) < p_max;
		IF taken OR p_always THEN
			recent := (recent || p_now)[greatest(1, cardinality(recent) + 2 - p_max):];
			UPDATE rate_limit_hits
			SET hits = recent, expires_at = to_timestamp((p_now + p_window_ms) / 1000.0)
			WHERE key = p_key;
		END IF;
		RETURN;
	END LOOP;
END;
$$;
