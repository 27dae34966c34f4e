import { PageFrame } from '../../../components/ui/page-frame';
import { ProductBrowser } from '../components/product-browser';

export default function DiscountedPage() {
  return (
    <PageFrame titleKey="routes.discounted">
      <ProductBrowser isDiscountFixed />
    </PageFrame>
  );
}
