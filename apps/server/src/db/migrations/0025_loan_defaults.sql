-- Default loan products (SPEC §9: 100,000 to 30,000,000 USDT, terms up to 365 days), loan settings and
-- the kyc.review permission for the system roles that review money.
insert into loan_products (code, kind, name, min_amount, max_amount, term_options, daily_rate, modes, cycle_days, penalty_daily_rate, grace_days, advanced_above, sort_order)
values
  ('startup', 'startup', 'Start-up loan', 100000, 30000000, '{30,90,180,365}', 0.0005, '{bullet,interest_first,equal_instalments}', 30, 0.001, 3, 1000000, 1),
  ('credit', 'credit', 'Credit loan', 100000, 30000000, '{30,60,90,180}', 0.0008, '{bullet,interest_first,equal_instalments}', 30, 0.0015, 3, 1000000, 2)
on conflict do nothing;
--> statement-breakpoint
insert into system_params (code, value, description) values
  ('loan_four_eyes_threshold', '1000000', 'Loan approvals above this amount (USDT) need a second reviewer who is not the first'),
  ('loan_reminder_days_before', '3', 'Days before an instalment falls due when the borrower is reminded (0: on the due day only)')
on conflict (code) do nothing;
--> statement-breakpoint
update roles set permissions = array_append(permissions, 'kyc.review')
where is_system and name in ('Administrator', 'Finance reviewer') and not ('kyc.review' = any(permissions));
