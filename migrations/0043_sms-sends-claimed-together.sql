-- The SMS send limits' claim for many sends in one statement (docs/decisions/134-a-turns-codes-claimed-together.md):
-- the mobile checks of the quotes parsed in one turn of the event loop, each as
-- claim_sms_send (migrations/0014) would claim it alone, in the order given. p_claims is a jsonb
-- array of {i, phone, ip, now, since, per_phone, per_ip}; the answer is each claim's i and
-- whether it was claimed.
CREATE OR REPLACE FUNCTION claim_sms_sends(p_claims jsonb)
RETURNS TABLE(i integer, claimed boolean)
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  c record;
  v_minute timestamptz;
  v_from timestamptz;
  v_phone text;
  v_ip text;
BEGIN
  -- As claim_sms_send: the row locks are released at commit, which need not wait for the WAL flush.
  PERFORM set_config('synchronous_commit', 'off', true);
  -- Every row the claims count on is locked first, all the phones' in order of subject and
  -- minute, then all the networks': the order claim_sms_send takes its two in (phone, then IP), so
  -- no two claims, alone or many together, ever wait on each other in a circle.
  INSERT INTO sms_send_counts (subject, minute, sends)
    SELECT k.subject, k.minute, 0
    FROM (
      SELECT DISTINCT 0 AS kind, 'phone:' || x.phone AS subject, date_trunc('minute', x.now) AS minute
        FROM jsonb_to_recordset(p_claims) AS x(phone text, now timestamptz)
      UNION
      SELECT DISTINCT 1, 'ip:' || x.ip, date_trunc('minute', x.now)
        FROM jsonb_to_recordset(p_claims) AS x(ip text, now timestamptz)
    ) AS k
    ORDER BY k.kind, k.subject, k.minute
    ON CONFLICT (subject, minute) DO UPDATE SET sends = sms_send_counts.sends;
  -- Then each claim in turn, on rows this statement already holds: claim_sms_send's own steps.
  FOR c IN
    SELECT * FROM jsonb_to_recordset(p_claims) AS x(i integer, phone text, ip text, now timestamptz, since timestamptz, per_phone integer, per_ip integer)
    ORDER BY x.i
  LOOP
    v_minute := date_trunc('minute', c.now);
    v_from := date_trunc('minute', c.since);
    v_phone := 'phone:' || c.phone;
    v_ip := 'ip:' || c.ip;
    UPDATE sms_send_counts SET sends = sends + 1 WHERE subject IN (v_phone, v_ip) AND minute = v_minute;
    i := c.i;
    IF (SELECT sum(sends) FROM sms_send_counts WHERE subject = v_phone AND minute >= v_from) > c.per_phone
      OR (SELECT sum(sends) FROM sms_send_counts WHERE subject = v_ip AND minute >= v_from) > c.per_ip THEN
      UPDATE sms_send_counts SET sends = sends - 1 WHERE subject IN (v_phone, v_ip) AND minute = v_minute;
      claimed := false;
    ELSE
      DELETE FROM sms_send_counts WHERE subject IN (v_phone, v_ip) AND minute < v_from;
      claimed := true;
    END IF;
    RETURN NEXT;
  END LOOP;
END;
$$;
