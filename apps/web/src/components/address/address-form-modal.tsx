import { type TAddress, type TAddressRequest, V, ZAddressRequest } from '@caravan/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox, Col, Form, Input, Modal, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asciiDigitsOf } from '../../lib/ascii-digits';
import { parseFormValues, showSubmitError, translateValidation } from '../../lib/form';
import { checkMobileField } from '../../lib/phone-check';
import { revealFirstError } from '../../lib/reveal-error';
import { toast } from '../../lib/toast';
import { AreaCodeSelect } from '../auth/area-code-select';
import { AppForm } from '../ui/app-form';
import { LimitedTextArea } from '../ui/limited-text';
import { useDialogFocus } from '../ui/use-dialog-focus';
import { ADDRESSES_KEY } from './api/address-keys';
import { useCities, useStates } from './api/list-regions';
import { saveAddress } from './api/save-address';
import { useCountryOptions } from './country-options';

const AREA_CODE_PATTERN = /^[1-9]\d{0,3}$/;

type TAddressFormModalProps = {
  isOpen: boolean;
  /** The address being edited; a new one is added without it. */
  address?: TAddress | null;
  onClose: () => void;
  onSaved?: (address: TAddress) => void;
};

function toFormValues(address: TAddress | null | undefined): Partial<TAddressRequest> {
  if (!address) {
    return { isDefault: false };
  }
  return {
    consignee: address.consignee,
    areaCode: address.areaCode,
    phone: address.phone,
    country: address.country,
    state: address.state,
    city: address.city,
    postcode: address.postcode,
    detail: address.detail,
    isDefault: address.isDefault,
  };
}

/** Add or edit a delivery address: country -> state/province -> city from the server's lists (SPEC §3). */
export function AddressFormModal({ isOpen, address, onClose, onSaved }: TAddressFormModalProps) {
  const { t } = useTranslation(['orders', 'validation', 'common', 'auth']);
  const dialogFocus = useDialogFocus(isOpen);
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const [isSaving, setIsSaving] = useState(false);
  const country = Form.useWatch('country', form) as string | undefined;
  const state = Form.useWatch('state', form) as string | undefined;
  const { countries, options: countryOptions } = useCountryOptions();
  const states = useStates(country);
  const cities = useCities(country, state);
  const hasStates = (states.data?.length ?? 0) > 0;
  const hasCities = (cities.data?.length ?? 0) > 0;

  useEffect(() => {
    if (isOpen) {
      form.resetFields();
      form.setFieldsValue(toFormValues(address));
    }
  }, [isOpen, address, form]);

  const submit = async () => {
    const values = form.getFieldsValue();
    const body = parseFormValues(form, ZAddressRequest, values, t);
    const isMobileOk = checkMobileField(form, 'phone', values.areaCode, values.phone, t);
    // The server's rule (resolveRegion): a state where the country has states, then a city. Checked here with the
    // other required fields, so an empty form marks them too instead of only after the server's 400. Without a
    // country chosen yet, they are required as for most countries.
    const needsRegion = !values.country || hasStates;
    const missingRegion = needsRegion
      ? (['state', 'city'] as const).filter((name) => !String(values[name] ?? '').trim())
      : [];
    form.setFields(missingRegion.map((name) => ({ name, errors: [translateValidation(t, V.required)] })));
    if (missingRegion.length > 0) {
      revealFirstError(form);
    }
    if (!body || !isMobileOk || missingRegion.length > 0) {
      return;
    }
    setIsSaving(true);
    try {
      const saved = await saveAddress(body, address?.id);
      await queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });
      toast.success(t('address.saved'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      showSubmitError(form, error, t);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Modal
      open={isOpen}
      title={t(address ? 'address.edit' : 'address.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: isSaving }}
      destroyOnHidden
      width={640}
      {...dialogFocus.modalProps}
    >
      <AppForm form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="consignee" label={t('address.consignee')}>
          <Input maxLength={64} autoComplete="name" {...dialogFocus.target} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={10} sm={8}>
            <Form.Item name="areaCode" label={t('address.areaCode')}>
              <AreaCodeSelect />
            </Form.Item>
          </Col>
          <Col xs={14} sm={16}>
            <Form.Item name="phone" label={t('address.phone')} normalize={asciiDigitsOf}>
              <Input inputMode="numeric" maxLength={15} autoComplete="tel-national" dir="ltr" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="country" label={t('address.country')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={countries.isLoading}
            options={countryOptions}
            onChange={(value: string) => {
              const match = countries.data?.find((c) => c.code === value);
              const code = match?.phoneCode.replace(/^\+/, '') ?? '';
              form.setFieldsValue({
                state: undefined,
                city: undefined,
                ...(AREA_CODE_PATTERN.test(code) && !form.getFieldValue('areaCode')
                  ? { areaCode: `+${code}` }
                  : {}),
              });
            }}
          />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="state" label={t('address.state')}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                disabled={!country || (!states.isLoading && !hasStates)}
                loading={states.isLoading}
                options={(states.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
                onChange={() => form.setFieldsValue({ city: undefined })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="city" label={t('address.city')}>
              {hasCities || !state ? (
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  disabled={!state}
                  loading={cities.isLoading}
                  options={(cities.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
                />
              ) : (
                <Input maxLength={128} autoComplete="address-level2" />
              )}
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="postcode" label={t('address.postcode')} normalize={asciiDigitsOf}>
          <Input inputMode="numeric" maxLength={32} autoComplete="postal-code" dir="ltr" />
        </Form.Item>
        <Form.Item name="detail" label={t('address.detail')}>
          <LimitedTextArea limit={255} rows={2} placeholder={t('address.detailPlaceholder')} />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox>{t('address.isDefault')}</Checkbox>
        </Form.Item>
      </AppForm>
    </Modal>
  );
}
