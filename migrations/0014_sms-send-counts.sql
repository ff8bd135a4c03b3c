CREATE TABLE "sms_send_counts" (
	"subject" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"sends" integer NOT NULL,
	CONSTRAINT "sms_send_counts_subject_minute_pk" PRIMARY KEY("subject","minute")
);
--> statement-breakpoint
-- The SMS send limits' claim on per-minute counts (docs/decisions/048-intake-cost.md), in
-- place of counting one row per send (migrations/0012): a claim now sums at most 61 rows per
-- subject, however many codes a phone or an IP has had, where the count of rows grew with every
-- send and was made while every claim from that phone or IP waited.
CREATE OR REPLACE FUNCTION claim_sms_send(p_phone text, p_ip text, p_now timestamptz, p_since timestamptz, p_per_phone integer, p_per_ip integer)
RETURNS boolean
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  v_minute timestamptz := date_trunc('minute', p_now);
  v_from timestamptz := date_trunc('minute', p_since);
  v_phone text := 'phone:' || p_phone;
  v_ip text := 'ip:' || p_ip;
BEGIN
  -- As in migrations/0012: the row locks below are released at this statement's commit, which
  -- need not wait for the WAL flush; a crash may forget the last fraction of a second of counts.
  PERFORM set_config('synchronous_commit', 'off', true);
  -- Count this send first. The upsert locks this minute's row of the phone, then of the IP (in
  -- that order in every claim, so two claims never wait on each other): claims for one phone or
  -- one IP queue on that lock, and each sum below sees every send committed before it.
  INSERT INTO sms_send_counts (subject, minute, sends) VALUES (v_phone, v_minute, 1)
    ON CONFLICT (subject, minute) DO UPDATE SET sends = sms_send_counts.sends + 1;
  INSERT INTO sms_send_counts (subject, minute, sends) VALUES (v_ip, v_minute, 1)
    ON CONFLICT (subject, minute) DO UPDATE SET sends = sms_send_counts.sends + 1;
  -- The window starts at the minute `p_since` falls in: up to a minute longer than asked, never shorter.
  IF (SELECT sum(sends) FROM sms_send_counts WHERE subject = v_phone AND minute >= v_from) > p_per_phone
    OR (SELECT sum(sends) FROM sms_send_counts WHERE subject = v_ip AND minute >= v_from) > p_per_ip THEN
    UPDATE sms_send_counts SET sends = sends - 1 WHERE subject IN (v_phone, v_ip) AND minute = v_minute;
    RETURN false;
  END IF;
  -- Minutes that have left the window are no longer needed by anyone.
  DELETE FROM sms_send_counts WHERE subject IN (v_phone, v_ip) AND minute < v_from;
  RETURN true;
END;
$$;
