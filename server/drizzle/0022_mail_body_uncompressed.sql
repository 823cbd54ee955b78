-- An e-mail's HTML (13–14 KB with the layout) lives in the outbox for seconds: it is erased once
-- sent (retention schedule, 'mail-body'). PostgreSQL compressed it on every insert (pglz), about
-- 0.2 ms of the database's CPU per e-mail, two per gift; stored out of line uncompressed instead.
ALTER TABLE "mail_outbox" ALTER COLUMN "html" SET STORAGE EXTERNAL;
