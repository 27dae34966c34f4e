import { LANGUAGE_NAMES, LANGUAGES, type TLanguage, type TShopSettings, zWhole } from '@caravan/contracts';
import { Button, Card, Col, Form, Result, Row, Select, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import {
  PerLanguageTexts,
  pickLanguages,
  useTextLanguages,
} from '../../../components/shop-form/per-language-texts';
import {
  CountrySelect,
  ImageUploadField,
  ShopContactFields,
  ShopLogoField,
  ShopNameField,
} from '../../../components/shop-form/shop-fields';
import { AppForm } from '../../../components/ui/app-form';
import { useSelectClear } from '../../../components/ui/clear-icon';
import { LimitedTextArea } from '../../../components/ui/limited-text';
import { NumberInput } from '../../../components/ui/number-input';
import type { TPictures } from '../../../components/ui/picture-field';
import { toUploadItems, uploadedRefs } from '../../../components/ui/sortable-image-uploader';
import { isApiError } from '../../../lib/api';
import { placeFieldErrors, zodRule } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useNumberParser } from '../../../lib/use-number-parser';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { useSaveShop, useShopSettings } from '../api';
import { ShopSuspendedNotice } from '../components/shop-suspended-notice';

type TValues = {
  logo: TPictures;
  banner: TPictures;
  descriptions: Record<string, string>;
  name: string;
  lang: TLanguage;
  contactEmail: string;
  contactPhone: string;
  shipFromCountry?: string;
  returnAddress: string;
  lowStockThreshold: number;
};

function ShopForm({ shop }: { shop: TShopSettings }) {
  const { t } = useTranslation(['seller', 'common']);
  const parseNumber = useNumberParser();
  const selectClear = useSelectClear();
  const [form] = Form.useForm<TValues>();
  const save = useSaveShop();
  const [langs, setLangs] = useTextLanguages(shop.lang, shop.descriptions);
  // Leaving with unsaved edits (the side menu, a reload) asks first (QA).
  const unsaved = useUnsavedChangesGuard();
  const onFinish = async ({ logo, banner, descriptions, ...values }: TValues) => {
    try {
      await save.mutateAsync({
        ...values,
        shipFromCountry: values.shipFromCountry ?? '',
        logo: uploadedRefs(logo ?? [])[0] ?? null,
        banner: uploadedRefs(banner ?? [])[0] ?? null,
        descriptions: pickLanguages(descriptions ?? {}, langs),
      });
      unsaved.markSaved();
      toast.success(t('common:success.operationSucceeded'));
    } catch (error) {
      // The message itself was shown by the query client.
      if (isApiError(error)) {
        placeFieldErrors(form, error);
      }
    }
  };
  return (
    <AppForm<TValues>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      onValuesChange={unsaved.markDirty}
      initialValues={{
        name: shop.name,
        lang: shop.lang,
        logo: shop.logo ? toUploadItems([shop.logo]) : [],
        banner: shop.banner ? toUploadItems([shop.banner]) : [],
        descriptions: shop.descriptions,
        contactEmail: shop.contactEmail,
        contactPhone: shop.contactPhone,
        shipFromCountry: shop.shipFromCountry || undefined,
        returnAddress: shop.returnAddress,
        lowStockThreshold: shop.lowStockThreshold,
      }}
    >
      {unsaved.guard}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ShopNameField name="name" />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="lang" label={t('shop.lang')} rules={[{ required: true }]}>
            <Select options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <ShopLogoField name="logo" />
        </Col>
        <Col xs={24} md={16}>
          <ImageUploadField name="banner" label={t('shop.banner')} max={1} moduleName="shop" />
        </Col>
        <Col xs={24}>
          <Form.Item label={t('apply.description')}>
            <PerLanguageTexts
              primary={shop.lang}
              langs={langs}
              onLangsChange={(next) => {
                unsaved.markDirty();
                setLangs(next);
              }}
              fields={[{ name: 'descriptions', label: t('apply.description'), maxLength: 2000, rows: 3 }]}
            />
          </Form.Item>
        </Col>
        <ShopContactFields isRequired={false} />
        <Col xs={24} md={12}>
          <Form.Item name="shipFromCountry" label={t('shop.shipFrom')}>
            <CountrySelect allowClear={selectClear} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="lowStockThreshold"
            label={t('shop.lowStock')}
            // No min or precision: antd turned -5 into 0 and 2.5 into 3 without a word.
            rules={[zodRule(zWhole(0, 1_000_000), t)]}
          >
            <NumberInput parser={parseNumber} style={{ inlineSize: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="returnAddress" label={t('shop.returnAddress')} rules={[{ max: 500 }]}>
            <LimitedTextArea rows={2} limit={500} />
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common:actions.save')}
        </Button>
        <a href={`/store?id=${shop.id}`} target="_blank" rel="noreferrer">
          {t('shop.preview')}
        </a>
      </Space>
    </AppForm>
  );
}

/** /seller/shop: name, logo, banner, descriptions per language, contact, ship-from country, return address. */
export default function ShopSettingsPage() {
  const { t } = useTranslation(['seller', 'common']);
  const shop = useShopSettings();
  if (shop.isLoading) {
    return <Skeleton active paragraph={{ rows: 10 }} />;
  }
  if (!shop.data) {
    return <Result status="error" title={t('common:errors.generic')} />;
  }
  return (
    <>
      <ConsolePageHead title={t('menu.shop')} />
      <ShopSuspendedNotice />
      <Card>
        <ShopForm key={shop.data.name} shop={shop.data} />
      </Card>
    </>
  );
}
