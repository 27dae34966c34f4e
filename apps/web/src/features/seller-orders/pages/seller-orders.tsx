import { SellerOrdersTable } from '../components/seller-orders-table';

/** /seller/orders */
export default function SellerOrdersPage() {
  return <SellerOrdersTable />;
}
