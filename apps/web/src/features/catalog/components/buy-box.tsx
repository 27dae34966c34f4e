import { CheckCircleOutlined, HeartFilled, HeartOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { TProductDetail } from '@caravan/contracts';
import { RETURN_WITHIN_DAYS, SHIP_WITHIN_HOURS } from '@caravan/contracts/constants';
import { LANGUAGE_TAGS } from '@caravan/contracts/languages';
import { formatMoney, lineAmount, parseMoney } from '@caravan/contracts/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LightButton } from '../../../components/ui/light-button';
import { LightChoiceGroup } from '../../../components/ui/light-controls';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { buildLoginPath, isLoggedIn, useSession } from '../../../lib/session';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { useToggleFavourite } from '../api/favourite-product';
import { ADD_TO_CART_EVENT, BUY_NOW_EVENT, sendCartChoice, type TCartChoice } from '../lib/cart-events';
import { isPriceReduced } from '../lib/price';
import {
  findVariant,
  initialSelection,
  isValueAvailable,
  quantityLimits,
  type TSelection,
} from '../lib/variants';
import { Money } from './money';

/** Variant choice, quantity within buyMin..maxBuy, charged price, freight and total, then cart actions. */
export function BuyBox({ product }: { product: TProductDetail }) {
  const { t } = useTranslation('catalog');
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const favourite = useToggleFavourite();
  const [selection, setSelection] = useState<TSelection>(() => initialSelection(product));
  const variant = findVariant(product, selection);
  const hasVariants = product.variants.length > 0;
  const stock = variant ? variant.stock : hasVariants ? 0 : product.stock;
  const limits = quantityLimits(product.buyMin, product.maxBuy, stock);
  const [quantity, setQuantity] = useState(limits.min);
  // A typed quantity was brought within the limits, or refused: the limits beside the box say why (it changed without
  // a word, QA).
  const [isQuantityAdjusted, setQuantityAdjusted] = useState(false);
  // Each adjustment draws the limits' text anew inside their live region, so a screen reader says them again.
  const [adjustments, setAdjustments] = useState(0);

  useEffect(() => {
    writeStorage(STORAGE_KEYS.maxBuy, String(product.maxBuy));
  }, [product.maxBuy]);
  useEffect(() => {
    setQuantity((current) => Math.min(Math.max(current, limits.min), limits.max));
  }, [limits.min, limits.max]);

  const unitPrice = variant ? variant.price : product.price;
  const goodsAmount = lineAmount(parseMoney(unitPrice), quantity);
  const freight = parseMoney(product.freight.total);
  const isSelectionComplete = !hasVariants || variant !== null;
  const canBuy = product.isOnShelf && isSelectionComplete && limits.canBuy;
  const limitsText = t('detail.stockAndLimits', { stock, min: limits.min, max: limits.max });
  const isReduced = isPriceReduced(product, unitPrice);

  const buildChoice = (): TCartChoice => ({
    productId: product.id,
    variantId: variant?.id ?? null,
    quantity,
    snapshot: {
      name: product.name,
      variantName: variant?.name ?? null,
      imageUrl: product.images[0]?.url ?? null,
      unitPrice,
      buyMin: product.buyMin,
      maxBuy: product.maxBuy,
      storeId: product.store.id,
      storeName: product.store.name,
    },
  });
  const send = (type: typeof ADD_TO_CART_EVENT | typeof BUY_NOW_EVENT) => {
    if (!isSelectionComplete) {
      toast.warning(t('detail.chooseVariant'));
      return;
    }
    void sendCartChoice(type, buildChoice()).then((isTaken) => {
      if (!isTaken) {
        toast.info(t('detail.cartUnavailable'));
      }
    });
  };
  const toggleFavourite = () => {
    if (!isLoggedIn(session)) {
      void navigate(buildLoginPath(`${location.pathname}${location.search}`));
      return;
    }
    favourite.mutate(
      { productId: product.id, isFavourite: !product.isFavourite },
      {
        onSuccess: (state) =>
          toast.success(state.isFavourite ? t('detail.favouriteAdded') : t('detail.favouriteRemoved')),
      },
    );
  };

  return (
    <div>
      {/* A name shown in the product's own language (none in the reader's) is marked so, for screen readers' voices. */}
      <h1 className="cv-detail__name" data-testid="product-name" lang={LANGUAGE_TAGS[product.textLang]}>
        <bdi>{product.name}</bdi>
      </h1>
      <div className="cv-muted" style={{ display: 'flex', gap: 16, flexWrap: 'wrap', fontSize: 13 }}>
        <span>{t('card.sold', { count: product.soldCount })}</span>
        <span>{t('detail.views', { count: product.pageViews })}</span>
        <span>{t('detail.reviewsCount', { count: product.evaluationNum })}</span>
      </div>
      <div className="cv-price-box" data-testid="product-price">
        <Money amount={unitPrice} />
        {isReduced && <Money amount={product.originalPrice} isStruck />}
        {isReduced && (
          <span className="cv-card__badge" style={{ position: 'static' }}>
            {t('card.sale')}
          </span>
        )}
      </div>
      <dl className="cv-buy-rows">
        {product.attributes.map((attribute) => (
          <div key={attribute.code} style={{ display: 'contents' }}>
            <dt id={`attr-${attribute.code}`}>{attribute.name}</dt>
            <dd>
              <LightChoiceGroup
                name={`attr-${attribute.code}`}
                aria-labelledby={`attr-${attribute.code}`}
                value={selection[attribute.code]}
                onChange={(value) => setSelection((current) => ({ ...current, [attribute.code]: value }))}
                options={attribute.values.map((value) => ({
                  value: value.code,
                  label: value.name,
                  disabled: !isValueAvailable(product, selection, attribute.code, value.code),
                }))}
              />
            </dd>
          </div>
        ))}
        <dt id="qty-label">{t('detail.quantity')}</dt>
        <dd style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
          <QuantityStepper
            labelledBy="qty-label"
            min={limits.min}
            max={limits.max}
            value={quantity}
            isDisabled={!canBuy}
            onChange={(next) => {
              setQuantityAdjusted(false);
              setQuantity(next);
            }}
            onClamp={() => {
              setQuantityAdjusted(true);
              setAdjustments((count) => count + 1);
            }}
          />
          <span
            className={isQuantityAdjusted ? 'cv-buy-limits cv-buy-limits--adjusted' : 'cv-buy-limits'}
            data-testid="buy-limits"
            role="status"
          >
            <span key={adjustments}>{limits.canBuy ? limitsText : t('detail.outOfStock')}</span>
          </span>
        </dd>
        <dt>{t('detail.freight')}</dt>
        <dd>
          <dl className="cv-buy-amounts">
            <dt>{t('detail.dispatchFee')}</dt>
            <dd>
              <Money amount={product.freight.dispatchFee} />
            </dd>
            <dt>{t('detail.longDistanceFee')}</dt>
            <dd>
              <Money amount={product.freight.longDistanceFee} />
            </dd>
            <dt>{t('detail.deliveryFee')}</dt>
            <dd>
              <Money amount={product.freight.deliveryFee} />
            </dd>
          </dl>
        </dd>
        <dt>{t('detail.total')}</dt>
        <dd>
          <dl className="cv-buy-amounts">
            <dt>{t('detail.goodsAmount', { count: quantity })}</dt>
            <dd>
              <Money amount={formatMoney(goodsAmount)} />
            </dd>
            <dt>{t('detail.freightTotal')}</dt>
            <dd>
              <Money amount={product.freight.total} />
            </dd>
            <dt className="is-total">{t('detail.total')}</dt>
            <dd className="is-total" data-testid="product-total">
              <Money amount={formatMoney(goodsAmount + freight)} />
            </dd>
          </dl>
          <p className="cv-muted" style={{ fontSize: 12, margin: '6px 0 0' }}>
            {t('detail.totalNote')}
          </p>
        </dd>
      </dl>
      <ul className="cv-tips" aria-label={t('detail.promises')}>
        <li>
          <CheckCircleOutlined aria-hidden="true" /> {t('detail.tipShips', { hours: SHIP_WITHIN_HOURS })}
        </li>
        <li>
          <CheckCircleOutlined aria-hidden="true" /> {t('detail.tipReturns', { days: RETURN_WITHIN_DAYS })}
        </li>
        <li>
          <CheckCircleOutlined aria-hidden="true" /> {t('detail.tipGenuine')}
        </li>
        <li>
          <CheckCircleOutlined aria-hidden="true" /> {t('detail.tipSecure')}
        </li>
      </ul>
      <div className="cv-actions">
        <LightButton
          variant="danger"
          size="large"
          disabled={!canBuy}
          onClick={() => send(BUY_NOW_EVENT)}
          data-testid="buy-now"
        >
          {t('detail.buyNow')}
        </LightButton>
        <LightButton
          size="large"
          icon={<ShoppingCartOutlined aria-hidden="true" />}
          disabled={!canBuy}
          onClick={() => send(ADD_TO_CART_EVENT)}
          data-testid="add-to-cart"
        >
          {t('detail.addToCart')}
        </LightButton>
        <LightButton
          size="large"
          icon={
            product.isFavourite ? (
              <HeartFilled aria-hidden="true" style={{ color: '#E4572E' }} />
            ) : (
              <HeartOutlined aria-hidden="true" />
            )
          }
          isLoading={favourite.isPending}
          aria-pressed={product.isFavourite}
          onClick={toggleFavourite}
          data-testid="favourite-toggle"
        >
          {product.isFavourite ? t('detail.favourited') : t('detail.favourite')}
        </LightButton>
      </div>
    </div>
  );
}
