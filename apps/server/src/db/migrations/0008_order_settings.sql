-- Order, cart and address settings (read by modules/orders/settings.ts, which falls back to the same defaults).
INSERT INTO "system_params" ("code", "value", "description") VALUES
  ('order_auto_cancel_minutes', '30', 'Unpaid orders are cancelled after this many minutes'),
  ('order_auto_receive_days', '7', 'Shipped orders are confirmed as received after this many days'),
  ('order_auto_review_days', '7', 'Received orders without a review get the default positive review after this many days'),
  ('order_settle_days', '7', 'Days after receipt (the return window) before the seller is paid'),
  ('commission_rate', '0.05', 'Platform commission on completed orders (0.05 = 5%)'),
  ('order_tax_rate', '0', 'Tax rate on the goods amount of an order'),
  ('order_handling_fee_rate', '0', 'Handling fee rate on the goods amount of an order'),
  ('payment_methods_enabled', 'balance', 'Comma-separated payment methods open on this platform'),
  ('address_limit', '20', 'Most delivery addresses one buyer can keep')
ON CONFLICT ("code") DO NOTHING;
