import { SellerOrdersTable } from '../components/seller-orders-table';

/** /seller/refunds: the same list opened on the refund tab. */
export default function SellerRefundsPage() {
  return <SellerOrdersTable initialTab="refund" />;
}
