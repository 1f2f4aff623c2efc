-- A person erased (docs/product.md, "Your data: export and erasure"): their row stays, without a
-- name, an address that signs no one in and no rights, so that their messages stay in their
-- company's discussions, signed "Former user". The consoles' lists leave such rows out.
ALTER TABLE users ADD COLUMN erased_at timestamptz;
