import { REVIEW_IMAGES_MAX, REVIEW_RATINGS, ZReviewOrderRequest } from '@caravan/contracts';
import { Alert, Button, Card, Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrderItemsTable } from '../../../components/order/order-items-table';
import { AppForm } from '../../../components/ui/app-form';
import { LimitedTextArea } from '../../../components/ui/limited-text';
import { PageFrame } from '../../../components/ui/page-frame';
import { parseFormValues } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { reviewOrder } from '../api/order-actions';
import { readUploadedUrls } from '../components/image-uploader';
import { ImagesFormItem, OrderLoadState, useOrderRequestForm } from '../components/order-request-form';

const CRUMBS = [
  { labelKey: 'routes.userInfo', to: '/userInfo/dashboard' },
  { labelKey: 'routes.myOrder', to: '/userInfo/my-order' },
];

/** /userInfo/order-evaluation?orderNo=: good/medium/bad, text and up to 9 photos; no sending while uploading. */
export default function OrderEvaluationPage() {
  const { t } = useTranslation(['orders', 'validation', 'common', 'errors']);
  const { orderNo, order, form, files, setFiles, isUploading, isSending, send } = useOrderRequestForm();
  const info = order.data;

  const submit = async () => {
    if (!info) {
      return;
    }
    if (isUploading) {
      toast.warning(t('reviewForm.uploading'));
      return;
    }
    const body = parseFormValues(
      form,
      ZReviewOrderRequest,
      { ...form.getFieldsValue(), images: readUploadedUrls(files) },
      t,
    );
    if (!body) {
      return;
    }
    await send((sentOrderNo) => reviewOrder(sentOrderNo, body), t('common:success.reviewSubmitted'));
  };

  return (
    <PageFrame titleKey="routes.orderEvaluation" crumbs={CRUMBS}>
      <OrderLoadState orderNo={orderNo} query={order} />
      {info && info.statusName !== 'received' && (
        <Alert type="warning" showIcon title={t('reviewForm.notAllowed')} />
      )}
      {info && info.statusName === 'received' && (
        <Card className="cv-form-card" style={{ maxWidth: 720 }}>
          <OrderItemsTable items={info.items} />
          <AppForm
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={submit}
            // No rating chosen for the buyer: one click on Submit published a "Good" review they never picked.
            initialValues={{ content: '' }}
            style={{ marginBlockStart: 16 }}
          >
            <Form.Item name="rating" label={t('reviewForm.rating')}>
              <Radio.Group
                optionType="button"
                options={REVIEW_RATINGS.map((rating) => ({ value: rating, label: t(`ratings.${rating}`) }))}
              />
            </Form.Item>
            <Form.Item name="content" label={t('reviewForm.content')}>
              <LimitedTextArea rows={4} limit={1000} placeholder={t('reviewForm.contentPlaceholder')} />
            </Form.Item>
            <ImagesFormItem
              label={t('reviewForm.images')}
              hint={t('reviewForm.imagesHint', { max: REVIEW_IMAGES_MAX })}
              max={REVIEW_IMAGES_MAX}
              moduleName="review"
              files={files}
              onChange={setFiles}
            />
            {isUploading && <p className="cv-muted">{t('reviewForm.uploading')}</p>}
            <Button type="primary" htmlType="submit" loading={isSending} disabled={isUploading}>
              {t('reviewForm.submit')}
            </Button>
          </AppForm>
        </Card>
      )}
    </PageFrame>
  );
}
