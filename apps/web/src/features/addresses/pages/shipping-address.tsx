import { PlusOutlined } from '@ant-design/icons';
import type { TAddress, TAddressRequest } from '@caravan/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressFormModal } from '../../../components/address/address-form-modal';
import { AddressText } from '../../../components/address/address-text';
import { ADDRESSES_KEY } from '../../../components/address/api/address-keys';
import { useAddresses } from '../../../components/address/api/list-addresses';
import { saveAddress } from '../../../components/address/api/save-address';
import { ConfirmPopover } from '../../../components/ui/confirm-popover';
import { ItemList, ItemListItem } from '../../../components/ui/item-list';
import { emptyOrLoadError } from '../../../components/ui/load-error';
import { PageFrame } from '../../../components/ui/page-frame';
import { REMOVAL_LIST_PROPS } from '../../../components/ui/removal-focus';
import { toast } from '../../../lib/toast';
import { deleteAddress } from '../api/delete-address';

function toRequest(address: TAddress, isDefault: boolean): TAddressRequest {
  return {
    consignee: address.consignee,
    areaCode: address.areaCode,
    phone: address.phone,
    country: address.country,
    state: address.state,
    city: address.city,
    postcode: address.postcode,
    detail: address.detail,
    isDefault,
  };
}

/** /userInfo/setup/shipping-address: list, add, edit, delete (confirmed) and choose the default address. */
export default function ShippingAddressPage() {
  const { t } = useTranslation(['orders', 'common', 'auth']);
  const queryClient = useQueryClient();
  const addresses = useAddresses();
  const [editing, setEditing] = useState<TAddress | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });
  const removal = useMutation({
    mutationFn: deleteAddress,
    onSuccess: async () => {
      toast.success(t('address.deleted'));
      await refresh();
    },
  });
  const makeDefault = useMutation({
    mutationFn: (address: TAddress) => saveAddress(toRequest(address, true), address.id),
    onSuccess: async () => {
      toast.success(t('common:success.operationSucceeded'));
      await refresh();
    },
  });
  const list = addresses.data?.list ?? [];
  const limit = addresses.data?.limit ?? 0;
  const isFull = addresses.data !== undefined && list.length >= limit;
  const openAdd = () => {
    setEditing(null);
    setIsFormOpen(true);
  };
  return (
    <PageFrame
      titleKey="routes.shippingAddress"
      crumbs={[
        { labelKey: 'routes.userInfo', to: '/userInfo/dashboard' },
        { labelKey: 'routes.setup', to: '/userInfo/setup' },
      ]}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={openAdd}
          disabled={isFull || addresses.isLoading}
        >
          {t('address.add')}
        </Button>
      }
    >
      {addresses.data && (
        <Alert
          className="cv-order-section"
          type={isFull ? 'warning' : 'info'}
          showIcon
          title={
            isFull ? t('address.limitReached', { limit }) : t('address.limit', { limit, count: list.length })
          }
        />
      )}
      {addresses.isLoading && <Skeleton active paragraph={{ rows: 4 }} />}
      {addresses.isError && !addresses.data && emptyOrLoadError(addresses, null)}
      <div {...REMOVAL_LIST_PROPS}>
        {addresses.data && list.length === 0 && (
          <Empty className="cv-empty" description={t('address.empty')}>
            <p className="cv-muted">{t('address.emptyHint')}</p>
            <Button type="primary" onClick={openAdd}>
              {t('address.add')}
            </Button>
          </Empty>
        )}
        {list.length > 0 && (
          <Card>
            <ItemList
              items={list}
              itemKey={(address) => address.id}
              renderItem={(address) => (
                <ItemListItem
                  data-testid="address-item"
                  actions={[
                    address.isDefault ? (
                      <Tag key="default" color="green">
                        {t('address.default')}
                      </Tag>
                    ) : (
                      <Button
                        key="default"
                        type="link"
                        size="small"
                        loading={makeDefault.isPending && makeDefault.variables?.id === address.id}
                        onClick={() => makeDefault.mutate(address)}
                      >
                        {t('address.setDefault')}
                      </Button>
                    ),
                    <Button
                      key="edit"
                      type="link"
                      size="small"
                      onClick={() => {
                        setEditing(address);
                        setIsFormOpen(true);
                      }}
                    >
                      {t('common:actions.edit')}
                    </Button>,
                    <ConfirmPopover
                      key="delete"
                      title={t('address.deleteTitle')}
                      description={t('address.deleteBody', { name: address.consignee })}
                      okText={t('common:actions.delete')}
                      cancelText={t('common:actions.cancel')}
                      okButtonProps={{ danger: true, loading: removal.isPending }}
                      onConfirm={() => removal.mutateAsync(address.id)}
                    >
                      <Button type="link" size="small" danger data-removal-focus>
                        {t('common:actions.delete')}
                      </Button>
                    </ConfirmPopover>,
                  ]}
                >
                  <Space orientation="vertical" size={2}>
                    <AddressText address={address} />
                  </Space>
                </ItemListItem>
              )}
            />
          </Card>
        )}
      </div>
      <AddressFormModal isOpen={isFormOpen} address={editing} onClose={() => setIsFormOpen(false)} />
    </PageFrame>
  );
}
