-- A statement that does several things at once (the one-statement checkout in modules/orders/checkout.ts)
-- ends with caravan_assert(<everything happened>, '<what>'): false aborts the whole statement, so its
-- writes roll back together (SQLSTATE P0004, message 'caravan_assert: <what>').
CREATE OR REPLACE FUNCTION caravan_assert(p_ok boolean, p_what text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF p_ok IS NOT TRUE THEN
    RAISE EXCEPTION 'caravan_assert: %', p_what USING ERRCODE = 'P0004';
  END IF;
  RETURN true;
END
$$;
