-- Sign-out, a user's deletion and an administrator's "end sessions" end every access token at once,
-- on every server process: tokens carry the version they were issued with (claim `tv`), the session
-- guard compares it with this column on the read of the user it makes on every call.
ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0;
