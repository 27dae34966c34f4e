import { isShopPhone, SHOP_PHONE_MAX_LENGTH } from '@caravan/contracts';
import { Col, Form, Input, Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '../address/country-options';
import { PictureField, picturesRule } from '../ui/picture-field';

/**
 * Form pieces that the merchant application (/merchantSettled), the shop settings (/seller/shop) and the product
 * editor share, so a rule (a phone pattern, a name length, an upload's limits) is written once.
 */

/** The shop's name: 2 to 64 characters, as the server checks it. */
export function ShopNameField({ name }: { name: string }) {
  const { t } = useTranslation('seller');
  return (
    <Form.Item name={name} label={t('apply.shopName')} rules={[{ required: true, min: 2, max: 64 }]}>
      <Input maxLength={64} />
    </Form.Item>
  );
}

/** Contact e-mail and phone, two half-width columns of a Row; required in the application only. */
export function ShopContactFields({ isRequired }: { isRequired: boolean }) {
  const { t } = useTranslation(['seller', 'validation']);
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item
          name="contactEmail"
          label={t('apply.email')}
          rules={[{ required: isRequired, type: 'email' }]}
        >
          {/* inputMode, not type="email": the browser's own bubble covered the form's message and held the submit. */}
          <Input inputMode="email" autoComplete="email" dir="ltr" maxLength={64} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="contactPhone"
          label={t('apply.phone')}
          rules={[
            // Left empty it is "required", like every field: it said "a mobile number of at least 8 digits".
            { required: isRequired, whitespace: true },
            {
              // As the API reads it: spaces and dashes between the digits are fine ("+49 151 1234 5678").
              validator: async (_rule, value?: string) => {
                if (value?.trim() && !isShopPhone(value)) {
                  throw new Error(t('validation:mobile'));
                }
              },
            },
          ]}
        >
          <Input dir="ltr" inputMode="tel" autoComplete="tel" maxLength={SHOP_PHONE_MAX_LENGTH} />
        </Form.Item>
      </Col>
    </>
  );
}

/** A searchable country list (flag and name in the reader's language); value is the ISO code. */
export function CountrySelect(props: Omit<SelectProps<string>, 'options'>) {
  const { countries, options } = useCountryOptions();
  return (
    <Select<string>
      showSearch
      optionFilterProp="label"
      loading={countries.isLoading}
      options={options}
      {...props}
    />
  );
}

/**
 * Pictures the seller uploads (logo, banner, documents, product images), a field of the form checked with the
 * others when it is sent: still uploading, or none when `requiredMessage` says one is required.
 */
export function ImageUploadField({
  requiredMessage,
  ...field
}: {
  name: string;
  label: string;
  extra?: string;
  /** What to say when no picture was uploaded; without it the field is optional. */
  requiredMessage?: string;
  max: number;
  moduleName: 'shop' | 'merchant' | 'goods';
}) {
  const { t } = useTranslation('seller');
  return (
    <PictureField
      {...field}
      isRequired={requiredMessage !== undefined}
      rules={[picturesRule({ uploading: t('apply.uploading'), required: requiredMessage })]}
      addText={t('upload.add')}
      failedText={t('upload.failed')}
    />
  );
}

/** The shop's logo: one picture. */
export function ShopLogoField({ name }: { name: string }) {
  const { t } = useTranslation('seller');
  return <ImageUploadField name={name} label={t('apply.logo')} max={1} moduleName="shop" />;
}
