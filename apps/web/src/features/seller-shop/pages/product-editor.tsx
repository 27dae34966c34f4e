import {
  ATTRIBUTE_VALUES_MAX,
  LANGUAGE_NAMES,
  STOCK_MAX,
  type TLanguage,
  type TProductRequest,
  type TSellerProductDetail,
  V,
  zPriceInput,
  zSalePriceInput,
  zWhole,
} from '@caravan/contracts';
import { parseMoney } from '@caravan/contracts/money';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  Modal,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  TreeSelect,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCategories } from '../../../components/catalog/categories';
import { ConsolePageHead } from '../../../components/console/console-layout';
import {
  PerLanguageTexts,
  pickLanguages,
  useTextLanguages,
} from '../../../components/shop-form/per-language-texts';
import { ImageUploadField } from '../../../components/shop-form/shop-fields';
import { AmountInput } from '../../../components/ui/amount-input';
import { AppForm, keepEnterFromSubmitting } from '../../../components/ui/app-form';
import { DataTable } from '../../../components/ui/data-table';
import { emptyOrLoadError } from '../../../components/ui/load-error';
import { NumberInput } from '../../../components/ui/number-input';
import type { TPictures } from '../../../components/ui/picture-field';
import { toUploadItems, uploadedRefs } from '../../../components/ui/sortable-image-uploader';
import { isApiError, isNotFoundError } from '../../../lib/api';
import { placeFieldErrors, translateValidation, zodRule } from '../../../lib/form';
import { withTimeZone } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useNumberParser } from '../../../lib/use-number-parser';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { usePlatformMaxBuy, useSaveProduct, useSellerProduct, useShopSettings } from '../api';
import { toTreeData } from './products';

type TAttribute = { id: number; name: string; values: string[] };
let attributeSeq = 0;
/** `stock` is null while the box is empty (the row then says "required"). */
type TVariantRow = {
  key: string;
  values: string[];
  price: string | null;
  stock: number | null;
  code: string;
};
type TFormValues = {
  names: Record<string, string>;
  descriptions: Record<string, string>;
  images: TPictures;
  categoryId: string;
  code: string;
  sellingPrice: string;
  retailPrice?: string;
  originalPrice?: string;
  discountPrice?: string;
  discountEndsAt?: Dayjs | null;
  stock: number;
  buyMin: number;
  buyMax?: number | null;
  dispatchFee: string;
  longDistanceFee: string;
  deliveryFee: string;
  weightGrams: number;
  isOnShelf: boolean;
};

/**
 * What is wrong with a typed price (a validation key), or null, by the contract's own rule: a price the buyer pays
 * (selling, discount, a variant's) is above 0, a reference price or a fee 0 or more.
 */
function priceProblem(
  price: string | null | undefined,
  kind: 'sale' | 'reference',
): `validation:${string}` | null {
  if (!price) {
    return null;
  }
  const result = (kind === 'sale' ? zSalePriceInput : zPriceInput).safeParse(price);
  return result.success ? null : `validation:${result.error.issues[0]?.message ?? V.price}`;
}

/** The schema of a variant's stock: the product's own stock rule. */
const zVariantStock = zWhole(0, STOCK_MAX);

/** What is wrong with a variant's typed stock (a validation message), or null. */
function stockProblem(stock: number | null): string | null {
  if (stock === null) {
    return V.required;
  }
  const result = zVariantStock.safeParse(stock);
  return result.success ? null : (result.error.issues[0]?.message ?? V.invalidValue);
}

/** Which attributes repeat an earlier one's name (case and surrounding spaces aside), by index. */
function repeatedAttributeNames(attributes: TAttribute[]): Set<number> {
  const seen = new Set<string>();
  const repeated = new Set<number>();
  for (const [i, a] of attributes.entries()) {
    const name = a.name.trim().toLowerCase();
    if (name && seen.has(name)) {
      repeated.add(i);
    }
    seen.add(name);
  }
  return repeated;
}

/**
 * An attribute's values as typed, without one equal to an earlier one as the server compares them (surrounding
 * spaces and case aside, VARIANT_DUPLICATE): "S" and "s" made two rows labelled alike sharing one set of inputs.
 * Returns the values kept and the first one left out, if any.
 */
function distinctValues(values: string[]): { values: string[]; taken: string | null } {
  const seen = new Set<string>();
  const kept: string[] = [];
  let taken: string | null = null;
  for (const value of values) {
    const key = value.trim().toLowerCase();
    if (seen.has(key)) {
      taken ??= value;
      continue;
    }
    seen.add(key);
    kept.push(value);
  }
  return { values: kept, taken };
}

/** Whether one list of values begins with the other (case aside): S and S / Red. */
function isPrefixEither(a: string[], b: string[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.every((value, i) => value.toLowerCase() === long[i]?.toLowerCase());
}

/**
 * Every combination of the attributes' values, keeping what was typed for combinations already there. A row whose
 * combination is gone because an attribute was added or removed (S becoming S / Red and S / Blue) passes what was
 * typed in it to the first new combination that begins with its values, or that its values begin with: the 40 given
 * to S stays with S / Red instead of every row going back to 0 (QA). Each old row goes to one new row only, so no
 * stock is made up. `movedTo` maps an old row's key to the key of the row that now holds its entries.
 */
function combine(
  attributes: TAttribute[],
  previous: TVariantRow[],
): { rows: TVariantRow[]; movedTo: Map<string, string> } {
  const movedTo = new Map<string, string>();
  const usable = attributes.filter((a) => a.name.trim() && a.values.length > 0);
  if (usable.length === 0) {
    return { rows: [], movedTo };
  }
  let combos: string[][] = [[]];
  for (const a of usable) {
    combos = combos.flatMap((c) => a.values.map((v) => [...c, v]));
  }
  const keys = combos.map((values) => values.join('\u0001').toLowerCase());
  const byKey = new Map(previous.map((v) => [v.key, v]));
  const keySet = new Set(keys);
  const leftOver = previous.filter((v) => !keySet.has(v.key));
  const rows = combos.map((values, i) => {
    const key = keys[i] ?? '';
    const same = byKey.get(key);
    if (same) {
      movedTo.set(same.key, key);
      return same;
    }
    const from = leftOver.find((v) => !movedTo.has(v.key) && isPrefixEither(v.values, values));
    if (from) {
      movedTo.set(from.key, key);
      return { ...from, key, values };
    }
    return { key, values, price: null, stock: 0, code: '' };
  });
  return { rows, movedTo };
}

/**
 * When a save last succeeded. The editor is drawn anew with the saved product (a new one at its own address): its Save
 * takes the focus back if it had gone to the page (QA: the next Tab started at the top of the form after every save).
 */
const lastSave = { at: 0 };
const SAVE_FOCUS_WINDOW_MS = 10_000;

function Editor({ product, shopLang }: { product: TSellerProductDetail | null; shopLang: TLanguage }) {
  const { t } = useTranslation(['seller', 'common', 'errors']);
  const parseNumber = useNumberParser();
  const navigate = useNavigate();
  const [form] = Form.useForm<TFormValues>();
  // An end date belongs to a discount price: without one it is neither asked for nor sent.
  const hasDiscountPrice = Boolean(Form.useWatch('discountPrice', form));
  const categories = useCategories();
  const save = useSaveProduct();
  // A product once created is saved again under its id: a click after the answer, before the page had moved to
  // the new product's address, created it a second time (QA).
  const createdId = useRef<string | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (Date.now() - lastSave.at < SAVE_FOCUS_WINDOW_MS && (!active || active === document.body)) {
      saveButton.current?.focus();
    }
    lastSave.at = 0;
  }, []);
  const platformMaxBuy = usePlatformMaxBuy();
  const [langs, setLangs] = useTextLanguages(shopLang, product?.names);
  const [attributes, setAttributes] = useState<TAttribute[]>(
    (product?.attributes ?? []).map((a) => ({ ...a, id: ++attributeSeq })),
  );
  const [variants, setVariants] = useState<TVariantRow[]>(
    (product?.variants ?? []).map((v) => ({
      key: v.values.join('\u0001').toLowerCase(),
      values: v.values,
      price: v.price,
      stock: v.stock,
      code: v.code,
    })),
  );
  const [formError, setFormError] = useState<string | null>(null);
  /** A value refused because the attribute has it already (by attribute id): said beside its values. */
  const [takenValue, setTakenValue] = useState<{ id: number; value: string } | null>(null);
  /** The product's own stock given to the first variant when attributes replaced it: said beside the table. */
  const [carriedStock, setCarriedStock] = useState<{ stock: number; key: string; variant: string } | null>(
    null,
  );
  const [modal, modalHolder] = Modal.useModal();
  // Leaving with unsaved edits (Cancel, the side menu, a reload) asks first (QA).
  const unsaved = useUnsavedChangesGuard();
  const treeData = useMemo(() => toTreeData(categories.data?.categories ?? [], true), [categories.data]);

  const changeLangs = (next: TLanguage[]) => {
    unsaved.markDirty();
    setLangs(next);
  };
  const changeAttributes = (next: TAttribute[]) => {
    unsaved.markDirty();
    setAttributes(next);
    const { rows: nextVariants, movedTo } = combine(next, variants);
    const first = nextVariants[0];
    if (variants.length === 0 && first) {
      // The product's stock field goes away with the first variant: the number typed there was lost unseen (QA).
      // It goes to the first variant alone, so no stock is made up; the notice says where it went.
      const typed: unknown = form.getFieldValue('stock');
      if (typeof typed === 'number' && typed > 0 && zVariantStock.safeParse(typed).success) {
        nextVariants[0] = { ...first, stock: typed };
        setCarriedStock({ stock: typed, key: first.key, variant: first.values.join(' / ') });
      }
    } else if (carriedStock) {
      // The notice follows the row now holding that stock (S became S / Red), and goes when no row holds it.
      const holder = nextVariants.find((v) => v.key === movedTo.get(carriedStock.key));
      setCarriedStock(
        holder ? { ...carriedStock, key: holder.key, variant: holder.values.join(' / ') } : null,
      );
    }
    setVariants(nextVariants);
  };
  const patchVariant = (key: string, patch: Partial<TVariantRow>) => {
    unsaved.markDirty();
    setVariants((prev) => prev.map((v) => (v.key === key ? { ...v, ...patch } : v)));
  };

  const onFinish = async (values: TFormValues) => {
    setFormError(null);
    // A variant's price is checked here, beside its row: the server's refusal named no variant, twice.
    const badPrice = variants.find((v) => priceProblem(v.price, 'sale'));
    if (badPrice) {
      setFormError(
        `${badPrice.values.join(' / ')}: ${t(priceProblem(badPrice.price, 'sale') ?? 'validation:salePrice')}`,
      );
      return;
    }
    // So is its stock: the server's "at most 100,000,000" named no variant, and the narrow box hid the digits.
    const badStock = variants.find((v) => stockProblem(v.stock));
    if (badStock) {
      setFormError(
        `${badStock.values.join(' / ')}: ${translateValidation(t, stockProblem(badStock.stock) ?? V.invalidValue)}`,
      );
      return;
    }
    // Marked beside the name as it is typed; the server would refuse the product for it.
    if (repeatedAttributeNames(attributes).size > 0) {
      setFormError(t('validation:attributeNameTaken'));
      return;
    }
    const totalStock =
      variants.length > 0 ? variants.reduce((sum, v) => sum + (v.stock ?? 0), 0) : (values.stock ?? 0);
    const body: TProductRequest = {
      categoryId: values.categoryId,
      names: pickLanguages(values.names ?? {}, langs),
      descriptions: pickLanguages(values.descriptions ?? {}, langs),
      images: uploadedRefs(values.images ?? []),
      code: values.code ?? '',
      sellingPrice: values.sellingPrice,
      retailPrice: values.retailPrice || null,
      originalPrice: values.originalPrice || null,
      discountPrice: values.discountPrice || null,
      discountEndsAt:
        values.discountPrice && values.discountEndsAt ? values.discountEndsAt.toISOString() : null,
      stock: values.stock ?? 0,
      buyMin: values.buyMin ?? 1,
      buyMax: values.buyMax ?? null,
      dispatchFee: values.dispatchFee || '0',
      longDistanceFee: values.longDistanceFee || '0',
      deliveryFee: values.deliveryFee || '0',
      weightGrams: values.weightGrams ?? 0,
      isOnShelf: values.isOnShelf,
      attributes: attributes
        .filter((a) => a.name.trim() && a.values.length > 0)
        .map((a) => ({ name: a.name, values: a.values })),
      variants: variants.map((v) => ({
        values: v.values,
        price: v.price || null,
        stock: v.stock ?? 0,
        code: v.code,
      })),
    };
    if (values.isOnShelf && totalStock === 0) {
      // On shelf with nothing to sell: saved only when the seller says so (the stock typed before adding
      // attributes used to vanish and the product went on shelf empty without a word).
      void modal.confirm({
        title: t('editor.zeroStockTitle'),
        content: t('editor.zeroStockBody'),
        focusable: { autoFocusButton: 'cancel' },
        okText: t('editor.zeroStockOk'),
        cancelText: t('common:actions.cancel'),
        onOk: () => send(body),
      });
      return;
    }
    await send(body);
  };

  const send = async (body: TProductRequest) => {
    try {
      const saved = await save.mutateAsync({ id: product?.id ?? createdId.current, body });
      createdId.current = saved.id;
      lastSave.at = Date.now();
      unsaved.markSaved();
      toast.success(t('common:success.operationSucceeded'));
      if (!product) {
        await navigate(`/seller/products/${saved.id}`, { replace: true });
      }
    } catch (error) {
      if (isApiError(error) && !placeFieldErrors(form, error)) {
        setFormError(error.message);
      }
    }
  };

  const priceRule = (kind: 'sale' | 'reference') => ({
    validator: async (_rule: unknown, value?: string) => {
      const problem = priceProblem(value?.trim(), kind);
      if (problem) {
        throw new Error(t(problem));
      }
    },
  });
  // The server's rules for the discount and the order limits, checked beside their fields before sending.
  const discountRule = {
    validator: async (_rule: unknown, value?: string) => {
      const selling = form.getFieldValue('sellingPrice')?.trim();
      const discount = value?.trim();
      if (discount && selling && !priceProblem(discount, 'sale') && !priceProblem(selling, 'sale')) {
        if (parseMoney(discount) >= parseMoney(selling)) {
          throw new Error(t('errors:DISCOUNT_INVALID'));
        }
      }
    },
  };
  const discountEndRule = {
    validator: async (_rule: unknown, value?: Dayjs | null) => {
      if (value && form.getFieldValue('discountPrice') && !value.isAfter(dayjs())) {
        throw new Error(t('errors:DISCOUNT_INVALID'));
      }
    },
  };
  // No min or precision on the inputs: antd changed -3 to 0 and 2.5 to 3 without a word; the rule says what is wrong.
  // An empty field is left to `required` (buyMax may stay empty: no upper limit).
  const wholeRule = (min: number, max: number) => zodRule(zWhole(min, max), t, { isEmptyAllowed: true });
  const buyLimitMax = Math.min(STOCK_MAX, platformMaxBuy ?? STOCK_MAX);
  const buyMaxRule = {
    validator: async (_rule: unknown, value?: number | null) => {
      const buyMin = form.getFieldValue('buyMin');
      if (typeof value === 'number' && typeof buyMin === 'number' && value < buyMin) {
        throw new Error(t('validation:maxBelowMin'));
      }
    },
  };
  const repeatedNames = repeatedAttributeNames(attributes);
  return (
    <AppForm<TFormValues>
      form={form}
      layout="vertical"
      onKeyDown={keepEnterFromSubmitting}
      onFinish={onFinish}
      onValuesChange={unsaved.markDirty}
      initialValues={
        product
          ? {
              names: product.names,
              descriptions: product.descriptions,
              images: toUploadItems(product.images),
              categoryId: product.categoryId,
              code: product.code,
              sellingPrice: product.sellingPrice,
              retailPrice: product.retailPrice,
              originalPrice: product.originalPrice,
              discountPrice: product.discountPrice ?? undefined,
              discountEndsAt: product.discountEndsAt ? dayjs(product.discountEndsAt) : null,
              stock: product.stock,
              buyMin: product.buyMin,
              buyMax: product.buyMax,
              dispatchFee: product.dispatchFee,
              longDistanceFee: product.longDistanceFee,
              deliveryFee: product.deliveryFee,
              weightGrams: product.weightGrams,
              isOnShelf: product.isOnShelf,
            }
          : {
              names: {},
              descriptions: {},
              images: [],
              stock: 0,
              buyMin: 1,
              dispatchFee: '0',
              longDistanceFee: '0',
              deliveryFee: '0',
              weightGrams: 0,
              isOnShelf: true,
              code: '',
            }
      }
    >
      {modalHolder}
      {unsaved.guard}
      {product?.state === 'takenDown' ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBlockEnd: 16 }}
          title={t('products.state.takenDown')}
          description={t('editor.takenDown', { reason: product.takenDownReason ?? '' })}
        />
      ) : null}
      <Card title={t('editor.texts')} style={{ marginBlockEnd: 16 }}>
        <PerLanguageTexts
          primary={shopLang}
          langs={langs}
          onLangsChange={changeLangs}
          fields={[
            {
              name: 'names',
              label: t('editor.name'),
              maxLength: 200,
              requiredMessage: t('editor.nameRequired', { lang: LANGUAGE_NAMES[shopLang] }),
            },
            { name: 'descriptions', label: t('editor.description'), maxLength: 10_000, rows: 4 },
          ]}
        />
      </Card>
      <Card title={t('editor.basics')} style={{ marginBlockEnd: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="categoryId" label={t('products.category')} rules={[{ required: true }]}>
              <TreeSelect
                treeData={treeData}
                loading={categories.isLoading}
                showSearch
                treeNodeFilterProp="title"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="code" label={t('editor.code')}>
              <Input maxLength={64} dir="ltr" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <ImageUploadField
              name="images"
              label={t('editor.images')}
              extra={t('editor.imagesHint')}
              requiredMessage={t('editor.imagesRequired')}
              max={9}
              moduleName="goods"
            />
          </Col>
        </Row>
      </Card>
      <Card title={t('editor.prices')} style={{ marginBlockEnd: 16 }}>
        <Row gutter={16}>
          {(['sellingPrice', 'retailPrice', 'originalPrice', 'discountPrice'] as const).map((name) => (
            <Col key={name} xs={24} sm={12} md={6}>
              <Form.Item
                name={name}
                label={t(`editor.${name}`)}
                rules={
                  name === 'sellingPrice'
                    ? [{ required: true }, priceRule('sale')]
                    : name === 'discountPrice'
                      ? [priceRule('sale'), discountRule]
                      : [priceRule('reference')]
                }
                dependencies={name === 'discountPrice' ? ['sellingPrice'] : undefined}
              >
                <AmountInput />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} sm={12} md={6}>
            <Form.Item
              name="discountEndsAt"
              label={withTimeZone(t('editor.discountEndsAt'))}
              rules={[discountEndRule]}
              dependencies={['discountPrice']}
            >
              <DatePicker showTime disabled={!hasDiscountPrice} style={{ inlineSize: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="buyMin"
              label={t('editor.buyMin')}
              rules={[{ required: true }, wholeRule(1, buyLimitMax)]}
            >
              <NumberInput parser={parseNumber} style={{ inlineSize: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="buyMax"
              label={t('editor.buyMax')}
              rules={[wholeRule(1, buyLimitMax), buyMaxRule]}
              dependencies={['buyMin']}
            >
              <NumberInput parser={parseNumber} style={{ inlineSize: '100%' }} />
            </Form.Item>
          </Col>
          {variants.length === 0 ? (
            <Col xs={12} md={6}>
              <Form.Item
                name="stock"
                label={t('products.stock')}
                rules={[{ required: true }, wholeRule(0, STOCK_MAX)]}
              >
                <NumberInput parser={parseNumber} style={{ inlineSize: '100%' }} />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
      </Card>
      <Card title={t('editor.freight')} style={{ marginBlockEnd: 16 }}>
        <Row gutter={16}>
          {(['dispatchFee', 'longDistanceFee', 'deliveryFee'] as const).map((name) => (
            <Col key={name} xs={24} sm={12} md={6}>
              <Form.Item name={name} label={t(`editor.${name}`)} rules={[priceRule('reference')]}>
                <AmountInput />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} sm={12} md={6}>
            <Form.Item name="weightGrams" label={t('editor.weight')} rules={[wholeRule(0, 1_000_000_000)]}>
              <NumberInput
                parser={parseNumber}
                suffix={t('editor.weightUnit')}
                style={{ inlineSize: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card
        title={t('editor.variants')}
        style={{ marginBlockEnd: 16 }}
        extra={
          attributes.length < 3 ? (
            <Button
              onClick={() => changeAttributes([...attributes, { id: ++attributeSeq, name: '', values: [] }])}
            >
              {t('editor.addAttribute')}
            </Button>
          ) : null
        }
      >
        {attributes.map((a, i) => (
          <Row key={a.id} gutter={[8, 8]} style={{ marginBlockEnd: 8 }}>
            <Col xs={24} md={6}>
              <Input
                aria-label={t('editor.attributeName')}
                placeholder={t('editor.attributeName')}
                maxLength={40}
                value={a.name}
                status={repeatedNames.has(i) ? 'error' : undefined}
                aria-invalid={repeatedNames.has(i)}
                onChange={(e) =>
                  changeAttributes(attributes.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))
                }
              />
              {repeatedNames.has(i) && (
                <div className="cv-field-error">{t('validation:attributeNameTaken')}</div>
              )}
            </Col>
            {/* The values take what the delete button leaves: a fixed share of a phone's row is narrower than it. */}
            <Col flex="1 1 0" style={{ minInlineSize: 0 }}>
              <Select
                mode="tags"
                aria-label={t('editor.attributeValues')}
                placeholder={t('editor.attributeValues')}
                style={{ inlineSize: '100%' }}
                value={a.values}
                tokenSeparators={[',']}
                status={takenValue?.id === a.id ? 'error' : undefined}
                aria-invalid={takenValue?.id === a.id}
                onChange={(values: string[]) => {
                  const { values: typed, taken } = distinctValues(
                    values.map((v) => v.trim()).filter(Boolean),
                  );
                  setTakenValue(taken === null ? null : { id: a.id, value: taken });
                  if (typed.length > ATTRIBUTE_VALUES_MAX) {
                    // A pasted list longer than the limit: say what was left out instead of dropping it unseen.
                    toast.warning(t('editor.attributeValuesMax', { max: ATTRIBUTE_VALUES_MAX }));
                  }
                  changeAttributes(
                    attributes.map((x, j) =>
                      j === i ? { ...x, values: typed.slice(0, ATTRIBUTE_VALUES_MAX) } : x,
                    ),
                  );
                }}
              />
              {takenValue?.id === a.id && (
                <div className="cv-field-error">
                  {t('editor.attributeValueTaken', { value: takenValue.value })}
                </div>
              )}
            </Col>
            <Col flex="none">
              <Button danger onClick={() => changeAttributes(attributes.filter((_, j) => j !== i))}>
                {t('common:actions.delete')}
              </Button>
            </Col>
          </Row>
        ))}
        {variants.length > 0 ? (
          // A note, not an alarm: role "status" is read out without interrupting.
          <Alert
            type="info"
            role="status"
            showIcon
            style={{ marginBlockEnd: 8 }}
            title={t('editor.stockPerVariant')}
            description={
              carriedStock
                ? t('editor.stockCarried', { stock: carriedStock.stock, variant: carriedStock.variant })
                : undefined
            }
          />
        ) : null}
        {variants.length > 0 ? (
          <DataTable<TVariantRow>
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={variants}
            scroll={{ x: 600 }}
            columns={[
              { title: t('stock.variant'), key: 'values', render: (_, v) => v.values.join(' / ') },
              {
                title: t('editor.variantPrice'),
                key: 'price',
                render: (_, v) => (
                  <>
                    <AmountInput
                      unit={null}
                      aria-label={`${t('editor.variantPrice')} ${v.values.join(' / ')}`}
                      placeholder={t('editor.samePrice')}
                      value={v.price ?? ''}
                      status={priceProblem(v.price, 'sale') ? 'error' : undefined}
                      aria-invalid={priceProblem(v.price, 'sale') !== null}
                      onChange={(e) => patchVariant(v.key, { price: e.target.value.trim() || null })}
                    />
                    {priceProblem(v.price, 'sale') && (
                      <div className="cv-field-error">
                        {t(priceProblem(v.price, 'sale') ?? 'validation:salePrice')}
                      </div>
                    )}
                  </>
                ),
              },
              {
                title: t('products.stock'),
                key: 'stock',
                render: (_, v) => {
                  // No min or precision on the box: antd turned -7 into 0 and 2.5 into 3 without a word.
                  const problem = stockProblem(v.stock);
                  return (
                    <>
                      <NumberInput
                        parser={parseNumber}
                        aria-label={`${t('products.stock')} ${v.values.join(' / ')}`}
                        value={v.stock}
                        status={problem ? 'error' : undefined}
                        aria-invalid={problem !== null}
                        style={{ inlineSize: '100%', minInlineSize: 120 }}
                        onChange={(stock) => patchVariant(v.key, { stock: stock ?? null })}
                      />
                      {problem && <div className="cv-field-error">{translateValidation(t, problem)}</div>}
                    </>
                  );
                },
              },
              {
                title: t('editor.code'),
                key: 'code',
                render: (_, v) => (
                  <Input
                    aria-label={`${t('editor.code')} ${v.values.join(' / ')}`}
                    value={v.code}
                    maxLength={64}
                    dir="ltr"
                    onChange={(e) => patchVariant(v.key, { code: e.target.value })}
                  />
                ),
              },
            ]}
          />
        ) : (
          <p>{t('editor.noVariants')}</p>
        )}
      </Card>
      {formError ? <Alert type="error" showIcon title={formError} style={{ marginBlockEnd: 16 }} /> : null}
      <Space>
        <Form.Item name="isOnShelf" valuePropName="checked" noStyle>
          <Switch aria-label={t('products.state.onShelf')} disabled={product?.state === 'takenDown'} />
        </Form.Item>
        <span>{t('products.state.onShelf')}</span>
        <Button ref={saveButton} type="primary" htmlType="submit" loading={save.isPending}>
          {t('common:actions.save')}
        </Button>
        {/* Through the router, so that unsaved edits are asked about like any other way out. */}
        <Button onClick={() => void navigate('/seller/products')}>{t('common:actions.cancel')}</Button>
      </Space>
    </AppForm>
  );
}

/** The product editor: texts per language, category, images, prices, freight, attributes and variants. */
export default function ProductEditorPage() {
  const { t } = useTranslation(['seller', 'common']);
  const { id } = useParams();
  const productId = id && /^\d+$/.test(id) ? id : null;
  const product = useSellerProduct(productId);
  const shop = useShopSettings();
  if ((productId && product.isLoading) || shop.isLoading) {
    return <Skeleton active paragraph={{ rows: 12 }} />;
  }
  // Only a product the server does not know is "not found"; a fault while loading offers to ask again.
  const failed = [productId ? product : null, shop].find(
    (query) => query?.isError && !isNotFoundError(query.error),
  );
  if (failed) {
    return emptyOrLoadError(failed, null);
  }
  if ((productId && product.isError) || shop.isError || !shop.data) {
    return <Result status="404" title={t('editor.notFound')} />;
  }
  return (
    <>
      <ConsolePageHead title={productId ? t('editor.editTitle') : t('products.create')} />
      <Editor
        key={product.data?.updatedAt ?? 'new'}
        product={product.data ?? null}
        shopLang={shop.data.lang}
      />
    </>
  );
}
