import { LANGUAGE_NAMES, LANGUAGES, type TLanguage, type TShopSettings } from '@caravan/contracts';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Tabs,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../../components/address/api/list-regions';
import { ConsolePageHead } from '../../../components/console/console-layout';
import {
  isUploading,
  SortableImageUploader,
  type TUploadItem,
  toUploadItems,
  uploadedRefs,
} from '../../../components/ui/sortable-image-uploader';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSaveShop, useShopSettings } from '../api';

type TValues = {
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
  const [form] = Form.useForm<TValues>();
  const save = useSaveShop();
  const countries = useCountries();
  const [logo, setLogo] = useState<TUploadItem[]>(shop.logo ? toUploadItems([shop.logo]) : []);
  const [banner, setBanner] = useState<TUploadItem[]>(shop.banner ? toUploadItems([shop.banner]) : []);
  const [descriptions, setDescriptions] = useState<Record<string, string>>(shop.descriptions);
  const [langs, setLangs] = useState<TLanguage[]>(() => {
    const own = Object.keys(shop.descriptions).filter((l): l is TLanguage =>
      (LANGUAGES as readonly string[]).includes(l),
    );
    return [shop.lang, ...own.filter((l) => l !== shop.lang)];
  });
  const onFinish = async (values: TValues) => {
    if (isUploading([...logo, ...banner])) {
      toast.error(t('apply.uploading'));
      return;
    }
    try {
      await save.mutateAsync({
        ...values,
        shipFromCountry: values.shipFromCountry ?? '',
        logo: uploadedRefs(logo)[0] ?? null,
        banner: uploadedRefs(banner)[0] ?? null,
        descriptions: Object.fromEntries(langs.map((l) => [l, descriptions[l] ?? ''])),
      });
      toast.success(t('common:success.operationSucceeded'));
    } catch (error) {
      if (isApiError(error)) {
        form.setFields(
          error.fieldErrors.map((f) => ({ name: f.field as keyof TValues, errors: [f.message] })),
        );
      }
    }
  };
  return (
    <Form<TValues>
      form={form}
      layout="vertical"
      onFinish={(v) => void onFinish(v)}
      initialValues={{
        name: shop.name,
        lang: shop.lang,
        contactEmail: shop.contactEmail,
        contactPhone: shop.contactPhone,
        shipFromCountry: shop.shipFromCountry || undefined,
        returnAddress: shop.returnAddress,
        lowStockThreshold: shop.lowStockThreshold,
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('apply.shopName')} rules={[{ required: true, min: 2, max: 64 }]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="lang" label={t('shop.lang')} rules={[{ required: true }]}>
            <Select options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('apply.logo')}>
            <SortableImageUploader
              files={logo}
              onChange={setLogo}
              max={1}
              moduleName="shop"
              label={t('apply.logo')}
              addText={t('upload.add')}
              failedText={t('upload.failed')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item label={t('shop.banner')}>
            <SortableImageUploader
              files={banner}
              onChange={setBanner}
              max={1}
              moduleName="shop"
              label={t('shop.banner')}
              addText={t('upload.add')}
              failedText={t('upload.failed')}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label={t('apply.description')}>
            <Select<TLanguage[]>
              mode="multiple"
              aria-label={t('editor.languages')}
              style={{ inlineSize: '100%', marginBlockEnd: 8 }}
              value={langs}
              onChange={(next) => setLangs([shop.lang, ...next.filter((l) => l !== shop.lang)])}
              options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            />
            <Tabs
              items={langs.map((l) => ({
                key: l,
                label: LANGUAGE_NAMES[l],
                children: (
                  <Input.TextArea
                    aria-label={`${t('apply.description')} (${l})`}
                    rows={3}
                    maxLength={2000}
                    dir="auto"
                    value={descriptions[l] ?? ''}
                    onChange={(e) => setDescriptions((d) => ({ ...d, [l]: e.target.value }))}
                  />
                ),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="contactEmail" label={t('apply.email')} rules={[{ type: 'email' }]}>
            <Input dir="ltr" maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="contactPhone"
            label={t('apply.phone')}
            rules={[{ pattern: /^\+?\d{8,15}$/, message: t('validation:mobile') }]}
          >
            <Input dir="ltr" maxLength={16} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="shipFromCountry" label={t('shop.shipFrom')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              options={(countries.data ?? []).map((c) => ({ value: c.code, label: `${c.flag} ${c.name}` }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="lowStockThreshold" label={t('shop.lowStock')}>
            <InputNumber min={0} precision={0} style={{ inlineSize: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="returnAddress" label={t('shop.returnAddress')}>
            <Input.TextArea rows={2} maxLength={500} />
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
    </Form>
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
      {shop.data.status === 'suspended' ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBlockEnd: 16 }}
          message={t('shop.suspended')}
          description={shop.data.suspendedReason}
        />
      ) : null}
      <Card>
        <ShopForm key={shop.data.name} shop={shop.data} />
      </Card>
    </>
  );
}
