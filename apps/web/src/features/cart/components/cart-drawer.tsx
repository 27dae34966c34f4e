import { CART_DRAWER_PX } from '@caravan/contracts/constants';
// biome-ignore lint/style/noRestrictedImports: placed by direction here (the storefront's lazy cart)
import { Button, Checkbox, ConfigProvider, Drawer, Empty, Skeleton } from 'antd';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { emptyOrLoadError } from '../../../components/ui/load-error';
import { MoneyText } from '../../../components/ui/money-text';
import { REMOVAL_LIST_PROPS } from '../../../components/ui/removal-focus';
import { isPositiveAmount } from '../../../lib/format-money';
import { buildLoginPath } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCart } from '../api/use-cart';
import { CartItemRow } from './cart-item-row';
import './cart.css';

/** 400 px drawer from the end side (left in RTL); antd locks the page's scroll while it is open. */
export default function CartDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  // Every namespace its rows use is loaded before the drawer mounts: a row asking for one not yet loaded suspended
  // the open drawer, which came back as a new one with the focus left on the page (a keyboard user lost it).
  const { t } = useTranslation(['cart', 'common', 'errors']);
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const navigate = useNavigate();
  const { cart, isLoading, loadFailure, isLoggedIn, isBusy, setQuantity, setChecked, removeItem } = useCart();
  const checkout = () => {
    if (!cart || cart.checkedCount === 0) {
      toast.error(t('messages.nothingChecked'));
      return;
    }
    if (!isPositiveAmount(cart.checkedTotal)) {
      toast.error(t('messages.zeroTotal'));
      return;
    }
    onClose();
    void navigate(isLoggedIn ? '/settlement' : buildLoginPath('/settlement'));
  };
  const isEmpty = !isLoading && !loadFailure && (cart?.count ?? 0) === 0;
  return (
    <Drawer
      title={t('drawer.title')}
      open={isOpen}
      onClose={onClose}
      size={Math.min(CART_DRAWER_PX, window.innerWidth)}
      placement={direction === 'rtl' ? 'left' : 'right'}
      className="cv-cart-drawer"
      footer={
        isEmpty || loadFailure ? null : (
          <div className="cv-cart-footer">
            <Checkbox
              checked={cart?.checkAll ?? false}
              indeterminate={cart?.isIndeterminate ?? false}
              onChange={(event) => setChecked(undefined, event.target.checked)}
            >
              {t('drawer.checkAll')}
            </Checkbox>
            <div className="cv-cart-footer__total">
              <span className="cv-muted">{t('drawer.total')}</span>{' '}
              <MoneyText value={cart?.checkedTotal ?? '0'} isStrong />
            </div>
            <Button type="primary" onClick={checkout} disabled={isBusy} data-testid="cart-checkout">
              {t('drawer.checkout', { count: cart?.checkedCount ?? 0 })}
            </Button>
          </div>
        )
      }
    >
      {isLoading && <Skeleton active avatar paragraph={{ rows: 3 }} />}
      {loadFailure && emptyOrLoadError(loadFailure, null)}
      <div {...REMOVAL_LIST_PROPS}>
        {isEmpty && (
          <Empty description={t('drawer.empty')}>
            <p className="cv-muted">{t('drawer.emptyHint')}</p>
            <Button
              type="primary"
              onClick={() => {
                onClose();
                void navigate('/commodity');
              }}
            >
              {t('drawer.browse')}
            </Button>
          </Empty>
        )}
        {cart?.groups.map((group) => (
          <section key={group.seller.id} className="cv-cart-group">
            <h3 className="cv-cart-group__title">
              <bdi>{group.seller.name}</bdi>
            </h3>
            <ul className="cv-cart-list">
              {group.items.map((item) => (
                <CartItemRow
                  key={item.id}
                  item={item}
                  onCheck={(isChecked) => setChecked([item.id], isChecked)}
                  onQuantity={(quantity) => setQuantity(item, quantity)}
                  onRemove={() => removeItem(item)}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Drawer>
  );
}
