-- Default rows of the console's settings (packages/contracts/src/settings/approvals.ts, staff-security.ts).
INSERT INTO system_params (code, value, description) VALUES
  ('four_eyes_withdrawal_threshold', '10000', 'Withdrawals above this USDT amount need a second staff approval (0: all)'),
  ('four_eyes_recharge_threshold', '10000', 'Recharges crediting above this USDT amount need a second staff approval (0: all)'),
  ('four_eyes_refund_threshold', '5000', 'Manual refunds above this USDT amount need a second staff approval (0: all)'),
  ('staff_totp_required_for_money_roles', 'false', 'Staff whose role has a money permission must sign in with an authenticator code')
ON CONFLICT (code) DO NOTHING;
