import {
  ID_TYPES,
  isValidIdNumber,
  type TIdType,
  type TVerification,
  type TVerificationStatus,
  V,
} from '@caravan/contracts';
import { Alert, Button, Card, Descriptions, Form, Input, Select, Skeleton, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../components/ui/app-form';
import { LoadError } from '../../../components/ui/load-error';
import { PageFrame } from '../../../components/ui/page-frame';
import { useCountryName } from '../../../lib/country-name';
import { showSubmitError } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useMyVerification, useSubmitAdvanced, useSubmitRealName } from '../api/loans-api';
import { COUNTRY_CODES } from '../components/countries';
import { IdentityUpload } from '../components/identity-upload';
import '../loans.css';
import { asciiDigitsOf } from '../../../lib/ascii-digits';

const STATUS_COLOURS: Record<TVerificationStatus, string> = {
  not_submitted: 'default',
  reviewing: 'processing',
  approved: 'success',
  rejected: 'error',
  resubmit: 'warning',
};

export function VerificationTag({ status }: { status: TVerificationStatus }) {
  const { t } = useTranslation(['loans', 'errors']);
  return <Tag color={STATUS_COLOURS[status]}>{t(`verifyStatus.${status}`)}</Tag>;
}

type TRealNameValues = {
  realName?: string;
  nationality?: string;
  idType?: TIdType;
  idNumber?: string;
  frontImageId?: string;
  backImageId?: string;
};

/**
 * What a new submission starts from: the last one's answers when the reviewer sent it back or declined it, so only
 * what they asked about is changed (the photos are the applicant's own uploads, which the server takes again).
 */
function realNameStart(previous: TVerification | null): TRealNameValues {
  if (!previous) {
    return { idType: 'id_card' };
  }
  return {
    realName: previous.realName ?? undefined,
    nationality: previous.nationality ?? undefined,
    idType: previous.idType ?? 'id_card',
    idNumber: previous.idNumber ?? undefined,
    frontImageId: previous.images.front ?? undefined,
    backImageId: previous.images.back ?? undefined,
  };
}

function RealNameForm({ previous }: { previous: TVerification | null }) {
  const { t } = useTranslation(['loans', 'validation', 'errors']);
  const [form] = Form.useForm<TRealNameValues>();
  const submit = useSubmitRealName();
  const idType = Form.useWatch('idType', form) ?? 'id_card';
  const countryName = useCountryName();
  const onFinish = async (values: TRealNameValues) => {
    try {
      await submit.mutateAsync({
        realName: values.realName ?? '',
        nationality: values.nationality ?? '',
        idType: values.idType ?? 'id_card',
        idNumber: values.idNumber ?? '',
        frontImageId: values.frontImageId ?? '',
        ...(values.backImageId ? { backImageId: values.backImageId } : {}),
      });
      toast.success(t('verify.submitted'));
    } catch (error) {
      showSubmitError(form, error, t);
    }
  };
  const required = [{ required: true, message: t('validation:required') }];
  return (
    <AppForm
      form={form}
      layout="vertical"
      onFinish={onFinish}
      initialValues={realNameStart(previous)}
      requiredMark={false}
    >
      <Form.Item name="realName" label={t('fields.realName')} rules={required}>
        <Input maxLength={64} autoComplete="name" />
      </Form.Item>
      <Form.Item name="nationality" label={t('fields.nationality')} rules={required}>
        <Select
          showSearch
          optionFilterProp="label"
          options={COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) =>
            a.label.localeCompare(b.label),
          )}
        />
      </Form.Item>
      <Form.Item name="idType" label={t('fields.idType')}>
        <Select options={ID_TYPES.map((type) => ({ value: type, label: t(`idType.${type}`) }))} />
      </Form.Item>
      <Form.Item
        name="idNumber"
        label={t('fields.idNumber')}
        normalize={asciiDigitsOf}
        rules={[...required, idNumberRule(t)]}
        dependencies={['idType']}
      >
        <Input maxLength={32} dir="ltr" autoComplete="off" />
      </Form.Item>
      <Form.Item name="frontImageId" label={t('fields.idFront')} rules={required}>
        <ImageField label={t('fields.idFront')} />
      </Form.Item>
      {idType === 'id_card' && (
        <Form.Item
          name="backImageId"
          label={t('fields.idBack')}
          rules={[...required, differentPhotoRule('frontImageId', V.idBackSameAsFront, t)]}
          dependencies={['frontImageId']}
        >
          <ImageField label={t('fields.idBack')} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={submit.isPending}>
        {t('verify.submit')}
      </Button>
    </AppForm>
  );
}

/** The ID number must fit the chosen ID type (the server's rule, VERIFICATION_ID_INVALID), checked before sending. */
function idNumberRule(t: TFunction): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_: unknown, value: string | undefined) => {
      const type: TIdType = getFieldValue('idType') ?? 'id_card';
      if (value?.trim() && !isValidIdNumber(type, value)) {
        throw new Error(t(`validation:${V.idNumberInvalid}`));
      }
    },
  });
}

/**
 * A photo field that must not be the same picture as `other` (the server refuses it, as VALIDATION_FAILED on this
 * field): a submission sent back starts from the last one's photos, which may be one picture twice.
 */
function differentPhotoRule(other: string, message: string, t: TFunction): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (value && value === getFieldValue(other)) {
        throw new Error(t(`validation:${message}`));
      }
    },
  });
}

/** Form.Item passes value/onChange to its child. */
function ImageField({
  label,
  value,
  onChange,
}: {
  label: string;
  value?: string;
  onChange?: (id: string | undefined) => void;
}) {
  return <IdentityUpload label={label} value={value} onChange={(id) => onChange?.(id)} />;
}

function AdvancedForm({ previous }: { previous: TVerification | null }) {
  const { t } = useTranslation(['loans', 'validation', 'errors']);
  const [form] = Form.useForm<{ selfieImageId?: string; addressProofImageId?: string }>();
  const submit = useSubmitAdvanced();
  const required = [{ required: true, message: t('validation:required') }];
  return (
    <AppForm
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{
        selfieImageId: previous?.images.selfie ?? undefined,
        addressProofImageId: previous?.images.addressProof ?? undefined,
      }}
      onFinish={async (values) => {
        try {
          await submit.mutateAsync({
            selfieImageId: values.selfieImageId ?? '',
            addressProofImageId: values.addressProofImageId ?? '',
          });
          toast.success(t('verify.submitted'));
        } catch (error) {
          showSubmitError(form, error, t);
        }
      }}
    >
      <p className="cv-muted">{t('verify.advancedIntro')}</p>
      <Form.Item name="selfieImageId" label={t('fields.selfie')} rules={required}>
        <ImageField label={t('fields.selfie')} />
      </Form.Item>
      <Form.Item
        name="addressProofImageId"
        label={t('fields.addressProof')}
        rules={[...required, differentPhotoRule('selfieImageId', V.addressProofSameAsSelfie, t)]}
        dependencies={['selfieImageId']}
      >
        <ImageField label={t('fields.addressProof')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submit.isPending}>
        {t('verify.submit')}
      </Button>
    </AppForm>
  );
}

/** The reviewer's reason, in its own writing direction (an English reason on an Arabic page). */
function ReasonNotice({ reason }: { reason: string }) {
  return <Alert type="warning" showIcon className="cv-reason-notice" title={<bdi>{reason}</bdi>} />;
}

/** Real-name, then advanced verification, in the user centre. */
export default function VerificationPage() {
  const { t } = useTranslation(['loans', 'errors']);
  const countryName = useCountryName();
  const mine = useMyVerification();
  const data = mine.data;
  const canSubmit = (status: TVerificationStatus) =>
    status === 'not_submitted' || status === 'rejected' || status === 'resubmit';
  return (
    <PageFrame
      titleKey="loans:verify.title"
      crumbs={[{ labelKey: 'routes.userInfo', to: '/userInfo/dashboard' }]}
    >
      <Alert type="info" showIcon title={t('verify.private')} style={{ marginBlockEnd: 16 }} />
      {mine.isPending && <Skeleton active />}
      {mine.isError && <LoadError message={t('loadError')} onRetry={() => void mine.refetch()} />}
      {data && (
        <>
          <Card
            size="small"
            title={t('verify.realName')}
            extra={<VerificationTag status={data.realNameStatus} />}
            style={{ marginBlockEnd: 16 }}
          >
            {data.realName?.reason && <ReasonNotice reason={data.realName.reason} />}
            {data.realName && !canSubmit(data.realNameStatus) && (
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'name', label: t('fields.realName'), children: data.realName.realName },
                  {
                    key: 'nationality',
                    label: t('fields.nationality'),
                    children: countryName(data.realName.nationality),
                  },
                  {
                    key: 'number',
                    label: t('fields.idNumber'),
                    children: <span dir="ltr">{data.realName.idNumber}</span>,
                  },
                ]}
              />
            )}
            {canSubmit(data.realNameStatus) && <RealNameForm previous={data.realName} />}
          </Card>
          <Card
            size="small"
            title={t('verify.advanced')}
            extra={<VerificationTag status={data.advancedStatus} />}
          >
            {data.realNameStatus !== 'approved' ? (
              <p className="cv-muted">{t('verify.needRealName')}</p>
            ) : (
              <>
                {data.advanced?.reason && <ReasonNotice reason={data.advanced.reason} />}
                {canSubmit(data.advancedStatus) && <AdvancedForm previous={data.advanced} />}
              </>
            )}
          </Card>
        </>
      )}
    </PageFrame>
  );
}
