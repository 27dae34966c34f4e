import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { openChat } from '../../lib/chat-launcher';
import { LightButton } from './light-button';

/** "Contact the seller": opens the chat dialog with the shop, showing the product or the order as a card. */
export function ContactSellerButton({
  storeId,
  storeName,
  productId,
  orderNo,
}: {
  storeId: string;
  /** The dialog's title while the conversation opens. */
  storeName: string;
  productId?: string;
  orderNo?: string;
}) {
  const { t } = useTranslation('chat');
  return (
    <LightButton
      icon={<MessageOutlined aria-hidden="true" />}
      onClick={() =>
        openChat({
          kind: 'shop',
          storeId,
          storeName,
          ...(productId ? { productId } : {}),
          ...(orderNo ? { orderNo } : {}),
        })
      }
    >
      {t('contactSeller')}
    </LightButton>
  );
}
