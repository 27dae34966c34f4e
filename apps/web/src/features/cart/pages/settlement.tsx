import { PlusOutlined } from '@ant-design/icons';
import {
  messageWithValues,
  ORDER_REMARK_MAX,
  type TCheckoutRequest,
  type TPayOrdersResponse,
  V,
} from '@caravan/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Empty, Radio, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AddressFormModal } from '../../../components/address/address-form-modal';
import { AddressText } from '../../../components/address/address-text';
import { useAddresses } from '../../../components/address/api/list-addresses';
import { CouponPicker } from '../../../components/coupons/coupon-picker';
import { COUPONS_KEY } from '../../../components/coupons/use-coupons';
import { OrderAmounts } from '../../../components/order/order-amounts';
import { OrderItemsTable } from '../../../components/order/order-items-table';
import { PayOrdersModal } from '../../../components/order/pay-orders-modal';
import { isOverLimit, LimitedTextArea } from '../../../components/ui/limited-text';
import { emptyOrLoadError } from '../../../components/ui/load-error';
import { MoneyText } from '../../../components/ui/money-text';
import { PageFrame } from '../../../components/ui/page-frame';
import { type ApiError, isApiError } from '../../../lib/api';
import { isPositiveAmount } from '../../../lib/format-money';
import { toast, toastError } from '../../../lib/toast';
import { CART_KEY, CHECKOUT_PREVIEW_KEY } from '../api/cart-keys';
import { placeOrders, type TPlacedOrders } from '../api/place-orders';
import { previewCheckout } from '../api/preview-checkout';
import { useCart } from '../api/use-cart';
import { forgetCheckoutDraft, useCheckoutDraft } from '../lib/checkout-draft';
import { cartLineProblem } from '../lib/line-problem';
import { readPlacedOrders } from '../lib/placed-orders';
import '../components/cart.css';
import { translateValidation } from '../../../lib/form';
import { withColon } from '../../../lib/format';

/** A refusal of one of the order's coupons (expired, used up, stopped), naming it: the page takes it off and says why. */
function isCouponRefusal(error: unknown): error is ApiError {
  return isApiError(error) && error.code.startsWith('COUPON_') && typeof error.details.couponId === 'string';
}

/** The remark's limit, said with its number ("This text is too long" left it to the counter). */
const REMARK_TOO_LONG = messageWithValues(V.textAtMost, { max: ORDER_REMARK_MAX });

const ID_PATTERN = /^\d{1,19}$/;

/** Buy now puts one line in the query (productId, variantId, quantity); otherwise the checked cart lines. */
function readBuyNow(params: URLSearchParams): TCheckoutRequest['items'] | null {
  const productId = params.get('productId') ?? '';
  const variantId = params.get('variantId');
  const quantity = Number(params.get('quantity') ?? '1');
  if (!ID_PATTERN.test(productId) || !Number.isInteger(quantity) || quantity < 1) {
    return null;
  }
  return [{ productId, ...(variantId && ID_PATTERN.test(variantId) ? { variantId } : {}), quantity }];
}

/**
 * "Buy again" names the cart lines it put back (`cartItemIds=1,2`): the checkout is of those alone, not of whatever
 * else was ticked in the cart.
 */
function readCartItemIds(params: URLSearchParams): string[] | null {
  const ids = (params.get('cartItemIds') ?? '').split(',').filter((id) => ID_PATTERN.test(id));
  return ids.length > 0 ? ids.slice(0, 100) : null;
}

function SettlementContent() {
  const { t } = useTranslation(['cart', 'orders', 'common', 'errors', 'services', 'auth', 'validation']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const buyNowItems = useMemo(() => readBuyNow(params), [params]);
  const namedCartItemIds = useMemo(() => readCartItemIds(params), [params]);
  const isBuyNow = buyNowItems !== null;
  const { cart, isLoading: isCartLoading, loadFailure: cartLoadFailure, setChecked } = useCart();
  const addresses = useAddresses();
  const [addressId, setAddressId] = useState<string | undefined>();
  const [remarks, setRemarks] = useState<Record<string, string>>({});
  /** Coupon chosen per seller (store id -> coupon id); one per order. */
  const [coupons, setCoupons] = useState<Record<string, string>>({});
  const couponList = Object.entries(coupons).map(([storeId, couponId]) => ({ storeId, couponId }));
  const [isAddressFormOpen, setIsAddressFormOpen] = useState(false);
  const [isPlacing, setIsPlacing] = useState(false);
  const [placed, setPlaced] = useState<TPlacedOrders | null>(() => readPlacedOrders(location.state));

  useEffect(() => {
    const list = addresses.data?.list ?? [];
    if (list.length > 0 && !list.some((a) => a.id === addressId)) {
      setAddressId((list.find((a) => a.isDefault) ?? list[0])?.id);
    }
  }, [addresses.data, addressId]);

  const checkedIds = useMemo(
    () =>
      (cart?.groups ?? []).flatMap((group) =>
        group.items.filter((item) => item.isChecked && item.isAvailable).map((item) => item.id),
      ),
    [cart],
  );
  // "Buy again": tick exactly the lines it named, then drop them from the address (a reload keeps the choice).
  useEffect(() => {
    if (!namedCartItemIds || !cart) {
      return;
    }
    const others = checkedIds.filter((id) => !namedCartItemIds.includes(id));
    if (others.length > 0) {
      setChecked(others, false);
    }
    setChecked(namedCartItemIds, true);
    void navigate('/settlement', { replace: true });
  }, [namedCartItemIds, cart, checkedIds, setChecked, navigate]);
  // Coupons, address and remarks survive a reload of this checkout (not another one: other goods start afresh).
  const goods = isBuyNow
    ? `buy:${JSON.stringify(buyNowItems)}`
    : cart && !namedCartItemIds
      ? `cart:${[...checkedIds].sort().join(',')}`
      : null;
  useCheckoutDraft(goods, { coupons, remarks, addressId }, (kept) => {
    setCoupons(kept.coupons);
    setRemarks(kept.remarks);
    if (kept.addressId) {
      setAddressId(kept.addressId);
    }
  });
  const source: TCheckoutRequest | null = isBuyNow
    ? { items: buyNowItems }
    : checkedIds.length > 0 && !namedCartItemIds
      ? { cartItemIds: checkedIds }
      : null;
  const previewBody = source
    ? {
        ...source,
        ...(addressId ? { addressId } : {}),
        ...(couponList.length > 0 ? { coupons: couponList } : {}),
      }
    : null;
  const preview = useQuery({
    queryKey: [...CHECKOUT_PREVIEW_KEY, previewBody],
    queryFn: () => previewCheckout(previewBody!),
    enabled: previewBody !== null && placed === null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { isToastSkippedFor: isCouponRefusal },
  });

  /**
   * A coupon the server refused (expired, used up or stopped since it was chosen) is taken off the order, so the
   * amounts shown are those that will be charged; said with the server's reason. False for any other failure.
   */
  const dropRefusedCoupon = (error: unknown): boolean => {
    const refused = isCouponRefusal(error) ? error.details.couponId : undefined;
    if (typeof refused !== 'string' || !Object.values(coupons).includes(refused)) {
      return false;
    }
    setCoupons((chosen) => Object.fromEntries(Object.entries(chosen).filter(([, id]) => id !== refused)));
    void queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
    toast.error(t('settlement.couponDropped', { reason: (error as Error).message }));
    return true;
  };
  const previewError = preview.error;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refusal, not again as the chosen coupons change
  useEffect(() => {
    dropRefusedCoupon(previewError);
  }, [previewError]);

  const place = async () => {
    if (!source || !preview.data) {
      toast.error(t('messages.nothingChecked'));
      return;
    }
    if (!isPositiveAmount(preview.data.total)) {
      toast.error(t('messages.zeroTotal'));
      return;
    }
    if (!addressId) {
      toast.error(t('settlement.noAddress'));
      return;
    }
    const tooLong = Object.entries(remarks).find(([, text]) => isOverLimit(text, ORDER_REMARK_MAX));
    if (tooLong) {
      // The remark is kept whole and red with its count: the buyer is taken to it to shorten it.
      document.getElementById(`remark-${tooLong[0]}`)?.focus();
      toast.error(translateValidation(t, REMARK_TOO_LONG));
      return;
    }
    const filled = Object.fromEntries(Object.entries(remarks).filter(([, text]) => text.trim() !== ''));
    setIsPlacing(true);
    try {
      const result = await placeOrders({
        ...source,
        addressId,
        ...(Object.keys(filled).length > 0 ? { remarks: filled } : {}),
        ...(couponList.length > 0 ? { coupons: couponList } : {}),
      });
      setPlaced(result);
      // Kept in this history entry (a reload shows the pay dialog again); the buy-now line leaves the address.
      void navigate('/settlement', { replace: true, state: { placed: result } });
      forgetCheckoutDraft();
      await queryClient.invalidateQueries({ queryKey: CART_KEY });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
    } catch (error) {
      if (!dropRefusedCoupon(error)) {
        toastError(error, t('common:errors.generic'));
      }
    } finally {
      setIsPlacing(false);
    }
  };

  const onPaid = async (result: TPayOrdersResponse) => {
    await queryClient.invalidateQueries({ queryKey: ['orders'] });
    await queryClient.invalidateQueries({ queryKey: ['wallet'] });
    const query = new URLSearchParams({ orderNos: result.orders.map((o) => o.orderNo).join(',') });
    await navigate(`/paySuccess?${query.toString()}`, { replace: true, state: result });
  };

  if (placed) {
    // The placed lines left the cart: the page now only offers to pay for the new orders.
    return (
      <>
        <Alert type="success" showIcon title={t('pay.placed')} />
        <PayOrdersModal
          isOpen
          orderNos={placed.orders.map((order) => order.orderNo)}
          total={placed.total}
          payBefore={
            placed.orders
              .map((order) => order.payBefore)
              .filter(Boolean)
              .sort()[0] ?? null
          }
          openMethods={preview.data?.paymentMethods}
          onClose={() => {
            toast.info(t('pay.placed'));
            void navigate('/userInfo/my-order?tab=pending', { replace: true });
          }}
          onPaid={(result) => void onPaid(result)}
        />
      </>
    );
  }
  if (!isBuyNow && isCartLoading) {
    return <Skeleton active paragraph={{ rows: 8 }} />;
  }
  if (!isBuyNow && cartLoadFailure) {
    return emptyOrLoadError(cartLoadFailure, null);
  }
  const hasCartLines = (cart?.count ?? 0) > 0;
  if (!isBuyNow && !hasCartLines) {
    return (
      <Empty className="cv-empty" description={t('settlement.empty')}>
        <p className="cv-muted">{t('settlement.emptyHint')}</p>
        <Button type="primary" onClick={() => void navigate('/commodity')}>
          {t('settlement.toShop')}
        </Button>
      </Empty>
    );
  }

  // In the cart's order of sellers, as the selection above lists them (the preview came in another order).
  const sellerOrder = new Map((cart?.groups ?? []).map((group, index) => [group.seller.id, index]));
  const previewGroups = [...(preview.data?.groups ?? [])].sort(
    (a, b) => (sellerOrder.get(a.seller.id) ?? 0) - (sellerOrder.get(b.seller.id) ?? 0),
  );
  const addressList = addresses.data?.list ?? [];
  return (
    <>
      <Card
        className="cv-order-section"
        title={t('settlement.address')}
        extra={
          <Space>
            <Link to="/userInfo/setup/shipping-address">{t('settlement.manageAddresses')}</Link>
            <Button
              size="small"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => setIsAddressFormOpen(true)}
            >
              {t('settlement.addAddress')}
            </Button>
          </Space>
        }
      >
        {addresses.isLoading && <Skeleton active paragraph={{ rows: 2 }} />}
        {addresses.data && addressList.length === 0 && (
          <Alert type="warning" showIcon title={t('settlement.noAddress')} />
        )}
        {addressList.length > 0 && (
          <Radio.Group
            className="cv-address-choice"
            value={addressId}
            onChange={(event) => setAddressId(event.target.value as string)}
          >
            {addressList.map((address) => (
              <Radio key={address.id} value={address.id}>
                <AddressText address={address} />
              </Radio>
            ))}
          </Radio.Group>
        )}
      </Card>

      {!isBuyNow &&
        cart?.groups.map((group) => (
          <Card
            key={group.seller.id}
            className="cv-settle-group"
            size="small"
            title={
              <Checkbox
                checked={group.checkAll}
                indeterminate={group.isIndeterminate}
                onChange={(event) =>
                  setChecked(
                    group.items.filter((item) => item.isAvailable).map((item) => item.id),
                    event.target.checked,
                  )
                }
                aria-label={t('settlement.checkAllSeller', { name: group.seller.name })}
              >
                <bdi>{group.seller.name}</bdi>
              </Checkbox>
            }
          >
            <Space orientation="vertical" style={{ width: '100%' }}>
              {group.items.map((item) => {
                // Why a greyed line cannot be bought, as the cart drawer says it.
                const problem = cartLineProblem(item, t);
                return (
                  <div key={item.id}>
                    <Checkbox
                      checked={item.isChecked}
                      disabled={!item.isAvailable}
                      onChange={(event) => setChecked([item.id], event.target.checked)}
                    >
                      {/* Name, variant and "× 15" each isolated, the spaces between them outside: inside the
                          left-to-right run a leading space put "15" against an Arabic colour ("أزرق15 ×"). */}
                      <bdi>{item.name}</bdi>
                      {item.checkAttrName && (
                        <span className="cv-muted">
                          {' · '}
                          <bdi>{item.checkAttrName}</bdi>
                        </span>
                      )}{' '}
                      <span className="cv-muted" dir="ltr">
                        × {item.count}
                      </span>
                    </Checkbox>
                    {problem && (
                      <div
                        className="cv-cart-item__warn cv-settle-line__problem"
                        role="status"
                        data-testid="line-problem"
                      >
                        {problem}
                      </div>
                    )}
                  </div>
                );
              })}
            </Space>
          </Card>
        ))}

      {preview.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
      {preview.isError && !preview.data && (
        <Alert type="error" showIcon title={t('settlement.previewFailed')} />
      )}
      {preview.isError && preview.data && couponList.length > 0 && (
        // A coupon that no longer fits and was not named (dropRefusedCoupon takes off those that are): the server's
        // message, the old amounts kept.
        <Alert type="warning" showIcon title={preview.error.message} data-testid="coupon-error" />
      )}
      {previewGroups.map((group) => (
        <Card
          key={group.seller.id}
          className="cv-settle-group"
          title={
            <>
              {withColon(t('settlement.seller'))} <bdi>{group.seller.name}</bdi>
            </>
          }
          data-testid="settlement-order"
        >
          <OrderItemsTable items={group.items} />
          <p className="cv-muted" style={{ marginBlock: 8 }}>
            {t('settlement.freightNote')}
          </p>
          <div className="cv-order-section" style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
            <div style={{ flex: '1 1 260px' }}>
              <label className="cv-muted" htmlFor={`remark-${group.seller.id}`}>
                {t('settlement.remark')}
              </label>
              <LimitedTextArea
                id={`remark-${group.seller.id}`}
                limit={ORDER_REMARK_MAX}
                rows={2}
                placeholder={t('settlement.remarkPlaceholder')}
                value={remarks[group.seller.id] ?? ''}
                aria-describedby={`remark-${group.seller.id}-error`}
                onChange={(event) =>
                  setRemarks((prev) => ({ ...prev, [group.seller.id]: event.target.value }))
                }
              />
              {/* Said beside the remark as long as it is too long (a toast on Place order alone was gone in seconds). */}
              <div id={`remark-${group.seller.id}-error`} className="cv-field-error" role="status">
                {isOverLimit(remarks[group.seller.id] ?? '', ORDER_REMARK_MAX)
                  ? translateValidation(t, REMARK_TOO_LONG)
                  : null}
              </div>
            </div>
            <div style={{ flex: '1 1 260px' }}>
              <CouponPicker
                sellerId={group.seller.id}
                goodsAmount={group.amounts.itemsAmount}
                value={coupons[group.seller.id]}
                takenElsewhere={Object.entries(coupons)
                  .filter(([storeId]) => storeId !== group.seller.id)
                  .map(([, couponId]) => couponId)}
                onChange={(couponId) =>
                  setCoupons((prev) => {
                    const next = { ...prev };
                    if (couponId) {
                      next[group.seller.id] = couponId;
                    } else {
                      delete next[group.seller.id];
                    }
                    return next;
                  })
                }
              />
            </div>
            <div style={{ flex: '1 1 260px' }}>
              <OrderAmounts amounts={group.amounts} />
            </div>
          </div>
        </Card>
      ))}

      <div className="cv-settle-bar" data-testid="settle-bar">
        {/* One block, so a phone lays the bar out as one row: the sum at the start, the button at the end. */}
        <div className="cv-settle-bar__sum">
          <span className="cv-muted cv-settle-bar__count">
            {t('settlement.orderCount', { count: previewGroups.length })}
          </span>
          <span className="cv-muted cv-settle-bar__sep" aria-hidden="true">
            ·
          </span>
          <span className="cv-settle-bar__total">
            <span className="cv-settle-bar__label">{t('settlement.grandTotal')}</span>{' '}
            <MoneyText value={preview.data?.total ?? '0'} isStrong className="cv-settle-bar__amount" />
          </span>
        </div>
        <Button
          type="primary"
          size="large"
          onClick={place}
          loading={isPlacing}
          disabled={!preview.data || preview.isFetching || placed !== null}
          data-testid="place-order"
        >
          {t('settlement.placeOrder')}
        </Button>
      </div>

      <AddressFormModal
        isOpen={isAddressFormOpen}
        onClose={() => setIsAddressFormOpen(false)}
        onSaved={(address) => setAddressId(address.id)}
      />
    </>
  );
}

/** /settlement: orders per seller with address, amounts and remarks; place, then pay with the balance. */
export default function SettlementPage() {
  return (
    <PageFrame titleKey="routes.settlement">
      <SettlementContent />
    </PageFrame>
  );
}
