-- The rows of each send are replaced by the per-minute counts of migrations/0014.
DROP TABLE "sms_sends" CASCADE;