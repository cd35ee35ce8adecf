/*
 * Replaces rate_limit_hit (0020), which let the sign-in back-off be checked and counted in two
 * steps that concurrent attempts slipped between (issue 44, item 1): every limit is now taken
 * before the act it limits, in this one call under the lock of the key's row.
 *
 * One hit of a rate-limited key at p_now (ms since the epoch). `recent` is the key's hits within
 * p_window_ms (after this one if taken). While the key has fewer than p_max recent hits the hit is
 * `taken`. Past them it is refused (and not kept) for `wait_ms`: until enough hits leave the
 * window, or, with a back-off (p_first_delay_ms not null), until p_first_delay_ms doubled for each
 * hit past p_max (at most p_max_delay_ms) has passed since the latest hit. The key keeps its last
 * p_keep hits.
 */
DROP FUNCTION "rate_limit_hit"(text, bigint, bigint, integer, boolean);
--> statement-breakpoint
CREATE FUNCTION "rate_limit_take"(
	p_key text, p_now bigint, p_window_ms bigint, p_max integer, p_keep integer,
	p_first_delay_ms bigint, p_max_delay_ms bigint,
	OUT taken boolean, OUT wait_ms bigint, OUT recent bigint[]
) LANGUAGE plpgsql AS $$
DECLARE
	kept bigint[];
	n integer;
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
				wait_ms := 0;
				recent := ARRAY[p_now];
				RETURN;
			END IF;
			CONTINUE;
		END IF;
		recent := ARRAY(SELECT h FROM unnest(kept) h WHERE h > p_now - p_window_ms ORDER BY h);
		n := cardinality(recent);
		wait_ms := 0;
		IF n >= p_max THEN
			wait_ms := recent[n - p_max + 1] + p_window_ms - p_now;
			IF p_first_delay_ms IS NOT NULL THEN
				wait_ms := least(wait_ms, greatest(0,
					recent[n] + least(p_first_delay_ms << (n - p_max), p_max_delay_ms) - p_now));
			END IF;
		END IF;
		taken := wait_ms = 0;
		IF taken THEN
			recent := (recent || p_now)[greatest(1, n + 2 - p_keep):];
			UPDATE rate_limit_hits
			SET hits = recent, expires_at = to_timestamp((p_now + p_window_ms) / 1000.0)
			WHERE key = p_key;
		END IF;
		RETURN;
	END LOOP;
END;
$$;
