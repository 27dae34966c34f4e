-- Platform accounts: 16 shards per kind, so no single row is locked by every payment (PLATFORM_SHARDS in
-- modules/ledger/service.ts must match).
INSERT INTO ledger_accounts (kind, shard)
SELECT k, s
FROM unnest(ARRAY['order_escrow', 'platform_revenue', 'chain_clearing', 'bank_clearing', 'loan_book', 'interest_income']) AS k
CROSS JOIN generate_series(0, 15) AS s
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Ledger transactions and postings are written once and never changed.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows of % are immutable', TG_TABLE_NAME USING ERRCODE = '55000';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_immutable BEFORE UPDATE OR DELETE ON ledger_transactions
FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_immutable BEFORE UPDATE OR DELETE ON ledger_postings
FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- One ledger transaction in one round trip (see modules/ledger/service.ts):
--  1. the transaction row is inserted first with ON CONFLICT DO NOTHING, so a replayed idempotency key
--     (even one racing on another connection) returns the first transaction and moves nothing;
--  2. account ids are resolved (a random shard for platform kinds; user accounts created on demand);
--  3. the accounts are locked in ascending id order (no deadlocks), then updated by their summed
--     deltas; CHECK (balance >= 0) on user accounts refuses an overdraft (SQLSTATE 23514);
--  4. the postings are written with the balance each leaves behind.
CREATE OR REPLACE FUNCTION ledger_post(
  p_key text,
  p_kind text,
  p_ref_type text,
  p_ref_id text,
  p_kinds text[],
  p_users bigint[],
  p_amounts numeric[],
  OUT o_transaction_id bigint,
  OUT o_is_replay boolean
)
LANGUAGE plpgsql AS $$
DECLARE
  v_n int := cardinality(p_amounts);
  v_accounts bigint[];
BEGIN
  IF v_n IS NULL OR v_n < 2 OR cardinality(p_kinds) <> v_n OR cardinality(p_users) <> v_n THEN
    RAISE EXCEPTION 'ledger_post: two or more postings of equal-length arrays are required' USING ERRCODE = '22023';
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_amounts) AS a WHERE a IS NULL OR a = 0)
     OR (SELECT sum(a) FROM unnest(p_amounts) AS a) <> 0 THEN
    RAISE EXCEPTION 'ledger_post: postings must be non-zero and sum to zero' USING ERRCODE = '22023';
  END IF;

  INSERT INTO ledger_transactions (idempotency_key, kind, reference_type, reference_id)
  VALUES (p_key, p_kind, p_ref_type, p_ref_id)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO o_transaction_id;
  IF o_transaction_id IS NULL THEN
    SELECT t.id INTO o_transaction_id FROM ledger_transactions t WHERE t.idempotency_key = p_key;
    o_is_replay := true;
    RETURN;
  END IF;
  o_is_replay := false;

  SELECT array_agg(
    CASE WHEN x.u IS NULL
      THEN (SELECT a.id FROM ledger_accounts a WHERE a.user_id IS NULL AND a.kind = x.k AND a.shard = r.sh)
      ELSE (SELECT a.id FROM ledger_accounts a WHERE a.user_id = x.u AND a.kind = x.k)
    END ORDER BY x.ord)
  INTO v_accounts
  FROM unnest(p_kinds, p_users) WITH ORDINALITY AS x(k, u, ord)
  CROSS JOIN LATERAL (SELECT floor(random() * 16)::smallint AS sh) AS r;

  IF array_position(v_accounts, NULL) IS NOT NULL THEN
    INSERT INTO ledger_accounts (kind, user_id)
    SELECT DISTINCT x.k, x.u FROM unnest(p_kinds, p_users) AS x(k, u) WHERE x.u IS NOT NULL
    ON CONFLICT (kind, user_id) WHERE user_id IS NOT NULL DO NOTHING;
    SELECT array_agg(
      coalesce(v_accounts[x.ord], (SELECT a.id FROM ledger_accounts a WHERE a.user_id = x.u AND a.kind = x.k))
      ORDER BY x.ord)
    INTO v_accounts
    FROM unnest(p_kinds, p_users) WITH ORDINALITY AS x(k, u, ord);
    IF array_position(v_accounts, NULL) IS NOT NULL THEN
      RAISE EXCEPTION 'ledger_post: unknown account kind in %', p_kinds USING ERRCODE = '22023';
    END IF;
  END IF;

  PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (v_accounts) ORDER BY a.id FOR UPDATE;

  WITH d AS (
    SELECT y.acc, sum(y.amt) AS delta FROM unnest(v_accounts, p_amounts) AS y(acc, amt) GROUP BY y.acc
  ), u AS (
    UPDATE ledger_accounts a SET balance = a.balance + d.delta FROM d WHERE a.id = d.acc
    RETURNING a.id, a.balance
  )
  INSERT INTO ledger_postings (transaction_id, account_id, amount, balance_after)
  SELECT o_transaction_id, y.acc, y.amt,
    u.balance - coalesce(sum(y.amt) OVER (
      PARTITION BY y.acc ORDER BY y.ord ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0)
  FROM unnest(v_accounts, p_amounts) WITH ORDINALITY AS y(acc, amt, ord)
  JOIN u ON u.id = y.acc
  ORDER BY y.ord;
END
$$;
