import type { TUploadResponse } from '@caravan/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Result, Skeleton, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { emptyOrLoadError } from '../../../components/ui/load-error';
import { isNotFoundError } from '../../../lib/api';
import { showSubmitError } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useOrder } from '../api/get-order';
import { ORDERS_KEY } from '../api/order-keys';
import { ImageUploader, isAnyUploading } from './image-uploader';

/**
 * What the evaluation and return pages share: the order named by `?orderNo=`, the form with its
 * uploaded images, and sending a request about the order, after which the buyer is back on its detail.
 */
export function useOrderRequestForm() {
  const { t } = useTranslation(['orders', 'validation', 'common', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const order = useOrder(orderNo);
  const [form] = Form.useForm();
  const [files, setFiles] = useState<UploadFile<TUploadResponse>[]>([]);
  const [isSending, setIsSending] = useState(false);

  const send = async (request: (orderNo: string) => Promise<unknown>, successMessage: string) => {
    if (!order.data) {
      return;
    }
    const sentOrderNo = order.data.orderNo;
    setIsSending(true);
    try {
      await request(sentOrderNo);
      await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      toast.success(successMessage);
      await navigate(`/userInfo/order-detail?orderNo=${encodeURIComponent(sentOrderNo)}`, { replace: true });
    } catch (error) {
      showSubmitError(form, error, t);
    } finally {
      setIsSending(false);
    }
  };

  return {
    orderNo,
    order,
    form,
    files,
    setFiles,
    isUploading: isAnyUploading(files),
    isSending,
    send,
  };
}

/** A skeleton while the order loads; "not found" when it failed or the number is malformed. */
export function OrderLoadState({
  orderNo,
  query,
}: {
  orderNo: string;
  query: { isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown };
}) {
  const { t } = useTranslation(['orders', 'errors']);
  const isNumber = /^\d{8,32}$/.test(orderNo);
  // Only an order the server does not know (or not for this buyer) is missing; a fault offers to ask again.
  const isMissing = !isNumber || (query.isError && isNotFoundError(query.error));
  return (
    <>
      {query.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
      {isMissing && <Result status="404" title={t('detail.missing')} />}
      {!isMissing && query.isError && emptyOrLoadError(query, null)}
    </>
  );
}

/** The proof-images field: up to `max` pictures uploaded under `moduleName`. */
export function ImagesFormItem({
  label,
  hint,
  max,
  moduleName,
  files,
  onChange,
}: {
  label: string;
  hint: string;
  max: number;
  moduleName: string;
  files: UploadFile<TUploadResponse>[];
  onChange: (files: UploadFile<TUploadResponse>[]) => void;
}) {
  return (
    <Form.Item label={label} extra={hint}>
      <ImageUploader files={files} onChange={onChange} max={max} moduleName={moduleName} label={label} />
    </Form.Item>
  );
}
