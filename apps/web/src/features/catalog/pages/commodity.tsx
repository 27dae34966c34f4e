import { PageFrame } from '../../../components/ui/page-frame';
import { ProductBrowser } from '../components/product-browser';

export default function CommodityPage() {
  return (
    <PageFrame titleKey="routes.commodity">
      <ProductBrowser />
    </PageFrame>
  );
}
