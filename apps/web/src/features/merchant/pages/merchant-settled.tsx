import { MERCHANT_DOCUMENTS_MAX, type TCategoryNode, type TMerchantApplication } from '@caravan/contracts';
import { Alert, Button, Card, Col, Form, Result, Row, Skeleton, Space, Steps, TreeSelect } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../../../components/catalog/categories';
import {
  CountrySelect,
  ShopContactFields,
  ShopLogoField,
  ShopNameField,
} from '../../../components/shop-form/shop-fields';
import { AppForm } from '../../../components/ui/app-form';
import { ButtonLink } from '../../../components/ui/button-link';
import { LimitedTextArea } from '../../../components/ui/limited-text';
import { PageFrame } from '../../../components/ui/page-frame';
import type { TPictures } from '../../../components/ui/picture-field';
import { PrivatePicturesUpload, type TPrivatePicture } from '../../../components/ui/private-pictures-upload';
import { toUploadItems, uploadedRefs } from '../../../components/ui/sortable-image-uploader';
import { isApiError } from '../../../lib/api';
import { placeFieldErrors } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { buildLoginPath, isLoggedIn, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import {
  merchantDocumentUrl,
  uploadMerchantDocument,
  useMerchantInfo,
  useMyApplication,
  useSubmitApplication,
} from '../api';

type TFormValues = {
  shopName: string;
  categoryIds: string[];
  contactEmail: string;
  contactPhone: string;
  country: string;
  description: string;
  logo: TPictures;
  /** Private pictures (ids), never public upload addresses: only the applicant and merchant reviewers see them. */
  documents: TPrivatePicture[];
};

function toTree(
  nodes: TCategoryNode[],
): { title: string; value: string; children: ReturnType<typeof toTree> }[] {
  return nodes.map((n) => ({ title: n.name, value: n.id, children: toTree(n.children) }));
}

function ApplicationForm({
  previous,
  onDone,
}: {
  previous: TMerchantApplication | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(['seller', 'common', 'errors']);
  const [form] = Form.useForm<TFormValues>();
  const categories = useCategories();
  const submit = useSubmitApplication();
  const isUploadingDocument = useRef(false);
  // A double click sent the application twice: "submitted" and "already being reviewed" stood side by side.
  const onFinish = useOneAtATime(async ({ logo, documents, ...values }: TFormValues) => {
    try {
      await submit.mutateAsync({
        ...values,
        logo: uploadedRefs(logo ?? [])[0] ?? null,
        documents: (documents ?? []).map((document) => document.id),
      });
      toast.success(t('common:success.applicationSucceeded'));
      onDone();
    } catch (error) {
      // The message itself was shown by the query client.
      if (isApiError(error)) {
        placeFieldErrors(form, error);
      }
    }
  });
  return (
    <AppForm<TFormValues>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      initialValues={
        previous
          ? {
              shopName: previous.shopName,
              categoryIds: previous.categoryIds,
              contactEmail: previous.contactEmail,
              contactPhone: previous.contactPhone,
              country: previous.country,
              description: previous.description,
              logo: previous.logo ? toUploadItems([previous.logo]) : [],
              documents: previous.documents,
            }
          : { description: '', logo: [], documents: [] }
      }
    >
      {previous?.status === 'rejected' ? (
        // Kept in sight while the applicant corrects the application: it left with the status view (QA).
        <Alert
          style={{ marginBlockEnd: 16 }}
          type="warning"
          role="status"
          showIcon
          title={t('apply.rejectedBecause')}
          description={previous.rejectReason && <bdi>{previous.rejectReason}</bdi>}
        />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ShopNameField name="shopName" />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="categoryIds" label={t('apply.categories')} rules={[{ required: true }]}>
            <TreeSelect
              multiple
              treeCheckable
              showCheckedStrategy={TreeSelect.SHOW_PARENT}
              treeData={toTree(categories.data?.categories ?? [])}
              loading={categories.isLoading}
              maxTagCount="responsive"
            />
          </Form.Item>
        </Col>
        <ShopContactFields isRequired />
        <Col xs={24} md={12}>
          <Form.Item name="country" label={t('apply.country')} rules={[{ required: true }]}>
            <CountrySelect />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('apply.description')} rules={[{ max: 2000 }]}>
            <LimitedTextArea rows={3} limit={2000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <ShopLogoField name="logo" />
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name="documents"
            label={t('apply.documents')}
            extra={t('apply.documentsHint')}
            required
            rules={[
              {
                validator: async (_rule, documents: TPrivatePicture[] | undefined) => {
                  if (isUploadingDocument.current) {
                    throw new Error(t('apply.uploading'));
                  }
                  if (!documents || documents.length === 0) {
                    throw new Error(t('apply.documentsRequired'));
                  }
                },
              },
            ]}
          >
            <PrivatePicturesUpload
              label={t('apply.documents')}
              max={MERCHANT_DOCUMENTS_MAX}
              upload={uploadMerchantDocument}
              urlOf={merchantDocumentUrl}
              onUploadingChange={(isUploading) => {
                isUploadingDocument.current = isUploading;
              }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={submit.isPending}>
        {previous ? t('apply.resubmit') : t('apply.submit')}
      </Button>
    </AppForm>
  );
}

function ApplicationStatus({
  application,
  onResubmit,
}: {
  application: TMerchantApplication;
  onResubmit: () => void;
}) {
  const { t } = useTranslation(['seller', 'common', 'errors']);
  const current = { submitted: 0, reviewing: 1, approved: 2, rejected: 2 }[application.status];
  return (
    <Card title={t('apply.statusTitle', { name: application.shopName })}>
      <Steps
        current={current}
        status={
          application.status === 'rejected'
            ? 'error'
            : application.status === 'approved'
              ? 'finish'
              : 'process'
        }
        items={[
          { title: t('apply.status.submitted'), description: formatDateTime(application.submittedAt) },
          { title: t('apply.status.reviewing') },
          {
            title:
              application.status === 'rejected' ? t('apply.status.rejected') : t('apply.status.approved'),
            description: application.reviewedAt ? formatDateTime(application.reviewedAt) : undefined,
          },
        ]}
      />
      {application.documents.length > 0 ? (
        <>
          <h3 style={{ marginBlock: 16 }}>{t('apply.documents')}</h3>
          {/* From the private route, with the session cookie: only the applicant and merchant reviewers read them. */}
          <Space wrap data-testid="my-application-documents">
            {application.documents.map((document, index) => (
              <img
                key={document.id}
                src={merchantDocumentUrl(document.id)}
                alt={t('common:sortablePictures.name', {
                  label: t('apply.documents'),
                  position: index + 1,
                  count: application.documents.length,
                })}
                width={120}
                height={90}
                style={{ objectFit: 'cover' }}
              />
            ))}
          </Space>
        </>
      ) : null}
      {application.status === 'rejected' ? (
        <Alert
          style={{ marginBlockStart: 16 }}
          type="error"
          showIcon
          title={t('apply.rejectedBecause')}
          description={application.rejectReason && <bdi>{application.rejectReason}</bdi>}
          action={<Button onClick={onResubmit}>{t('apply.resubmit')}</Button>}
        />
      ) : null}
      {application.status === 'approved' ? (
        <Alert
          style={{ marginBlockStart: 16 }}
          type="success"
          showIcon
          title={t('apply.approved')}
          action={
            <ButtonLink to="/seller/login" type="primary">
              {t('apply.toSeller')}
            </ButtonLink>
          }
        />
      ) : null}
    </Card>
  );
}

/** /merchantSettled: the external promotion page when configured, otherwise Caravan's terms and the application. */
export default function MerchantSettledPage() {
  const { t, i18n } = useTranslation(['seller', 'common', 'errors']);
  const session = useSession();
  const loggedIn = isLoggedIn(session);
  const info = useMerchantInfo();
  const mine = useMyApplication(loggedIn);
  const [isEditing, setIsEditing] = useState(false);
  const promoUrl = info.data?.promoUrl ?? null;
  useEffect(() => {
    if (promoUrl) {
      const url = new URL(promoUrl);
      url.searchParams.set('lang', i18n.language);
      url.searchParams.set('avatar', String(session.userInfo?.avatar ?? 1));
      window.location.assign(url.toString());
    }
  }, [promoUrl, i18n.language, session.userInfo?.avatar]);
  if (info.isLoading || promoUrl) {
    return (
      <PageFrame titleKey="routes.merchantSettled">
        <Skeleton active />
      </PageFrame>
    );
  }
  if (info.isError) {
    return (
      <PageFrame titleKey="routes.merchantSettled">
        <Result
          status="error"
          title={t('common:errors.generic')}
          extra={<Button onClick={() => void info.refetch()}>{t('common.retry')}</Button>}
        />
      </PageFrame>
    );
  }
  const rate = `${(Number(info.data?.commissionRate ?? '0') * 100).toFixed(2).replace(/\.?0+$/, '')}%`;
  const application = mine.data?.application ?? null;
  return (
    <PageFrame titleKey="routes.merchantSettled">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card title={t('apply.costTitle')}>
            <p>{t('apply.cost', { rate })}</p>
            <p>{t('apply.settlement', { days: info.data?.settleDays ?? 7 })}</p>
            <p>{t('apply.steps')}</p>
          </Card>
        </Col>
        <Col xs={24} md={16}>
          {!loggedIn ? (
            <Card>
              <Result
                title={t('apply.loginFirst')}
                extra={
                  <>
                    <ButtonLink to={buildLoginPath('/merchantSettled')} type="primary">
                      {t('apply.login')}
                    </ButtonLink>
                    <ButtonLink to="/seller/login">{t('common:footer.sellerLogin')}</ButtonLink>
                  </>
                }
              />
            </Card>
          ) : mine.isLoading ? (
            <Skeleton active />
          ) : mine.data?.hasStore && !application ? (
            <Result
              status="success"
              title={t('apply.approved')}
              extra={
                <ButtonLink to="/seller/login" type="primary">
                  {t('apply.toSeller')}
                </ButtonLink>
              }
            />
          ) : application && !isEditing ? (
            <ApplicationStatus application={application} onResubmit={() => setIsEditing(true)} />
          ) : (
            <Card title={t('apply.formTitle')}>
              <ApplicationForm previous={application} onDone={() => setIsEditing(false)} />
            </Card>
          )}
        </Col>
      </Row>
    </PageFrame>
  );
}
