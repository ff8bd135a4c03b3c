-- The SMS send limits' claim (server/leads/verification-repo.ts, docs/decisions/042): the advisory
-- locks on the phone and the IP, the two counts and the insert, run inside the database in one
-- call. The locks still queue every send from one phone or one IP, but the holder no longer waits
-- on a busy Node process between statements; each statement of a VOLATILE function takes a new
-- snapshot, so after the locks it sees the sends the previous holder committed.
CREATE FUNCTION claim_sms_send(p_phone text, p_ip text, p_now timestamptz, p_since timestamptz, p_per_phone integer, p_per_ip integer)
RETURNS boolean
LANGUAGE plpgsql
VOLATILE
AS $$
BEGIN
  -- The locks are released at commit: waiting there for the WAL flush would queue every send
  -- from one IP behind the disk. A crash may lose the last fraction of a second of sends, so
  -- at worst a few more codes go out after it. Callers run this as its own statement, never
  -- inside a larger transaction, whose commit this setting would also cover.
  PERFORM set_config('synchronous_commit', 'off', true);
  -- Phone first, then IP, in every caller, so two claims never wait on each other.
  PERFORM pg_advisory_xact_lock(160001, hashtext(p_phone));
  PERFORM pg_advisory_xact_lock(160002, hashtext(p_ip));
  -- Counting stops at the limit: a busy office's IP costs at most p_per_ip index entries.
  IF (SELECT count(*) FROM (SELECT 1 FROM sms_sends WHERE phone = p_phone AND created_at > p_since LIMIT p_per_phone) AS by_phone) >= p_per_phone
    OR (SELECT count(*) FROM (SELECT 1 FROM sms_sends WHERE ip = p_ip AND created_at > p_since LIMIT p_per_ip) AS by_ip) >= p_per_ip THEN
    RETURN false;
  END IF;
  INSERT INTO sms_sends (phone, ip, created_at) VALUES (p_phone, p_ip, p_now);
  RETURN true;
END;
$$;
